"""Excel exports and imports, jobs, backups (included by ``tournaments/urls.py``)."""

from django.urls import path

from tournaments.views import excel

urlpatterns = [
    # Anyone, for a public event: one table as .xlsx, built on the spot.
    path("events/<slug:slug>/xlsx/<str:table>/", excel.public_download, name="excel_download"),
    # Organisers and arbiters (the fixed "manage/excel/..." before the event's slug).
    path("manage/excel/import/", excel.import_register, name="excel_import_register"),
    path("manage/excel/template/", excel.import_template, name="excel_template"),
    path("manage/excel/restore/", excel.restore, name="restore"),
    path("manage/excel/jobs/<int:pk>/", excel.job_detail, name="job"),
    path("manage/excel/jobs/<int:pk>/status/", excel.job_status, name="job_status"),
    path("manage/excel/jobs/<int:pk>/download/", excel.job_download, name="job_download"),
    path("manage/excel/jobs/<int:pk>/confirm/", excel.job_confirm, name="job_confirm"),
    path("manage/excel/jobs/<int:pk>/cancel/", excel.job_cancel_view, name="job_cancel"),
    path("manage/<slug:slug>/export/", excel.export_area, name="excel_export"),
    path("manage/<slug:slug>/import/", excel.import_event, name="excel_import_event"),
    path("manage/<slug:slug>/backup/", excel.backup_download, name="backup_download"),
    path("manage/<slug:slug>/trf/", excel.trf_download, name="trf_download"),
]
