"""The Django app: models, services (the only writers), selectors, views, API, admin, tasks."""
