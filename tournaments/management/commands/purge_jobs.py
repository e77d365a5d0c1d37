from django.conf import settings
from django.core.management.base import BaseCommand

from tournaments.services.jobs import jobs_purge


class Command(BaseCommand):
    help = ("Delete background jobs (exports, imports, restores) finished or left waiting more "
            "than JOB_RETENTION_DAYS ago, with their files. Celery beat runs it daily; run it "
            "from cron where beat does not run.")

    def handle(self, *args, **options):
        count = jobs_purge()
        self.stdout.write(f"{count} jobs older than {settings.JOB_RETENTION_DAYS} days "
                          "deleted with their files.")
