import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import ServiceError
from tournaments.services.backup import event_restore


class Command(BaseCommand):
    help = ("Create an event from a JSON backup document (backup_event), on this or another "
            "installation. Players are matched by federation ID, else created. The given user "
            "(default: the first superuser) becomes its organiser.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--user", help="username of the organiser (needs the right to "
                                           "create events)")

    def handle(self, *args, file, user, **options):
        User = get_user_model()
        if user:
            actor = User.objects.filter(username=user).first()
            if actor is None:
                raise CommandError(f"No user {user!r}.")
        else:
            actor = User.objects.filter(is_superuser=True, is_active=True).order_by("pk").first()
            if actor is None:
                raise CommandError("No superuser here: give --user.")
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as exc:
            raise CommandError(f"Cannot read {file}: {exc}") from exc
        try:
            event = event_restore(document=document, actor=actor)
        except ServiceError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(self.style.SUCCESS(
            f"Restored {event.name} as event {event.pk} (/events/{event.slug}/)"))
