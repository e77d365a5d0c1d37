from django.core.management.base import BaseCommand

from config import vapid


class Command(BaseCommand):
    help = ("Make a Web Push (VAPID) key pair and print it as the environment variables "
            "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY (config/settings_production.py). Every "
            "machine of an installation uses the same pair; a new pair ends the browsers' "
            "subscriptions made with the old one.")

    def handle(self, *args, **options):
        private = vapid.private_key_new()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"VAPID_PUBLIC_KEY={vapid.public_key_of(private)}")
