"""The Celery application.

With ``CELERY_BROKER_URL`` unset (the embedded defaults) tasks run in-process, eagerly; with it set
(production: Redis) they run on real workers. See ``config/settings.py``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cotuong")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
