from django.urls import include, path

urlpatterns: list = [path("", include("tournaments.api.excel"))]
