"""URLs: the public and staff pages (tournaments.urls), the REST API, admin, accounts."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: no inline script (the CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("tournaments.api.urls")),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("tournaments.urls")),
]

# Error pages in the reader's language that say what happened (tournaments/views/errors.py).
handler400 = "tournaments.views.errors.bad_request"
handler404 = "tournaments.views.errors.page_not_found"
handler403 = "tournaments.views.errors.permission_denied"
handler500 = "tournaments.views.errors.server_error"
