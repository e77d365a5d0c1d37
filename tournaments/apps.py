from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the Celery tasks, which services queue by name (services/jobs.py: task_send),
        # and the sign-in throttle's signal receiver.
        from tournaments import signin_throttle, tasks  # noqa: F401
