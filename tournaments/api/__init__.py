"""The REST API (django-rest-framework): thin viewsets over selectors and services."""
