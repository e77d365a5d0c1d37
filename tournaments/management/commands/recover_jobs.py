from django.core.management.base import BaseCommand

from tournaments.services.jobs import jobs_recover


class Command(BaseCommand):
    help = ("Send the background jobs whose task the broker could not take, and run again (or "
            "fail, with the reason) the running jobs whose worker died. Celery beat runs it "
            "every minute; run it from cron where beat does not run.")

    def handle(self, *args, **options):
        counts = jobs_recover()
        self.stdout.write("{sent} jobs sent, {retried} queued again, {failed} failed.".format(
            **counts))
