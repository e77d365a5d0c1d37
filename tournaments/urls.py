from django.urls import include, path

from tournaments.views import public, staff

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="event_list"),
    path("events/<slug:slug>/", public.event_detail, name="event_detail"),
    path("manage/", staff.my_events, name="my_events"),
    path("", include("tournaments.urls_excel")),
]
