"""The archive's search: the search columns of events and players (filled here for the rows
there are), an index of public events by date and, on PostgreSQL only, the full-text search
over the columns themselves: the ``unaccent`` extension, immutable functions that fold a text
as ``tournaments/text.py: search_tokens`` does (unaccent, lower case, anything but a letter or
a digit a space) and make its ``simple`` tsvector, and a GIN index on each. On SQLite
nothing of it: the selector searches ``search_text`` with LIKE."""

from django.conf import settings
from django.db import migrations, models

from tournaments.text import fold, search_text

BATCH = 2000

POSTGRES_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public",
    # unaccent(text) is only STABLE (it reads the search path); with its dictionary named it
    # is IMMUTABLE, so an index may use it.
    """CREATE OR REPLACE FUNCTION public.f_archive_fold(text) RETURNS text
       LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
       $$ SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)),
                                '[^[:alnum:]]+', ' ', 'g') $$""",
    """CREATE OR REPLACE FUNCTION public.f_event_search(text, text, text, date)
       RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
       $$ SELECT to_tsvector('simple'::regconfig, public.f_archive_fold(
            coalesce($1, '') || ' ' || coalesce($2, '') || ' ' || coalesce($3, '') || ' '
            || coalesce(extract(year from $4)::integer::text, ''))) $$""",
    """CREATE OR REPLACE FUNCTION public.f_player_search(text)
       RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
       $$ SELECT to_tsvector('simple'::regconfig, public.f_archive_fold(coalesce($1, ''))) $$""",
    """CREATE INDEX IF NOT EXISTS event_search_gin ON tournaments_event
       USING gin (public.f_event_search(name, venue, organiser, start_date))""",
    """CREATE INDEX IF NOT EXISTS player_search_gin ON tournaments_player
       USING gin (public.f_player_search(full_name))""",
]
POSTGRES_BACKWARD = [
    "DROP INDEX IF EXISTS player_search_gin",
    "DROP INDEX IF EXISTS event_search_gin",
    "DROP FUNCTION IF EXISTS public.f_player_search(text)",
    "DROP FUNCTION IF EXISTS public.f_event_search(text, text, text, date)",
    "DROP FUNCTION IF EXISTS public.f_archive_fold(text)",
]


def _postgres_forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in POSTGRES_FORWARD:
            schema_editor.execute(sql)


def _postgres_backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in POSTGRES_BACKWARD:
            schema_editor.execute(sql)


def _fill(apps, schema_editor):
    """The search columns of the rows there are (``Event.derived_fill``,
    ``Player.derived_fill``), in batches."""
    Event = apps.get_model("tournaments", "Event")
    Player = apps.get_model("tournaments", "Player")
    events = list(Event.objects.only("name", "venue", "organiser", "start_date"))
    for event in events:
        event.name_folded = fold(event.name)
        event.search_text = search_text(event.name, event.venue, event.organiser,
                                        str(event.start_date)[:4])
    Event.objects.bulk_update(events, ["name_folded", "search_text"], batch_size=BATCH)
    players = list(Player.objects.only("full_name"))
    for player in players:
        player.search_text = search_text(player.full_name)
    Player.objects.bulk_update(players, ["search_text"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0033_h35protest_merge_registration'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='name_folded',
            field=models.CharField(blank=True, default='', editable=False, max_length=200),
        ),
        migrations.AddField(
            model_name='event',
            name='search_text',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='historicalplayer',
            name='search_text',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='player',
            name='search_text',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddIndex(
            model_name='event',
            index=models.Index(fields=['visibility', '-start_date'], name='event_public_by_date'),
        ),
        migrations.RunPython(_fill, migrations.RunPython.noop),
        migrations.RunPython(_postgres_forward, _postgres_backward),
    ]
