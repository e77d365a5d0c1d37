"""Serializers: shapes of the API's documents. They never write; views call services."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from records.clock import PRESETS as TIME_PRESETS
from records.clock import TimeControlError, checks_text, parse_checks
from scoring.presets import NAMED_ORDERS, PRESETS
from tournaments.models import (
    REASON_MAX_LENGTH,
    Board,
    BoardAssignment,
    Disqualification,
    Entry,
    Event,
    EventRole,
    Game,
    Notification,
    Organisation,
    Player,
    Round,
    Sanction,
    Team,
)
from tournaments.selectors.events import STATUTE_FIELDS
from tournaments.text import whole_number


class EventSerializer(serializers.ModelSerializer):
    individual = serializers.SerializerMethodField()
    scoring_follows_law = serializers.BooleanField(
        read_only=True, help_text="False when the points differ from Art. 21.1, 21.2 (only a "
                                  "friendly event, official false, may do so: Art. 19.5).")
    scoring_note = serializers.SerializerMethodField()
    time_control_words = serializers.CharField(
        read_only=True, help_text="The time control in words, in the request's language "
                                  "(Art. 10.1).")
    links = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ["id", "slug", "name", "format", "participant_kind", "individual",
                  "start_date", "end_date", "venue", "organiser", "organisation", "visibility",
                  "official",
                  "scoring_follows_law", "scoring_note", "pace", "time_checks",
                  "time_control_words", "closed_at", "links"]
        # closed_at: null while the event takes writes; the time it was closed (archived:
        # every write refused until it is reopened, docs/archive.md).

    def get_scoring_note(self, event) -> str:
        """How the scoring departs from the law, with the article; empty when it does not."""
        return " ".join(str(why) for why in event.scoring_departures().values())

    def get_individual(self, event) -> bool:
        return not event.is_team

    def get_links(self, event) -> dict[str, str]:
        request = self.context.get("request")
        base = f"/api/events/{event.pk}/"
        links = {name: base + name + "/" for name in
                 ("entries", "rounds", "standings", "crosstable")}
        links["page"] = event.get_absolute_url()
        if request is not None:
            links = {k: request.build_absolute_uri(v) for k, v in links.items()}
        return links


class StatuteSerializer(serializers.ModelSerializer):
    """Every statute field; used to create and change an event. ``tiebreak_preset`` fills the
    tie-break order from a named order (``GET /api/tiebreak-presets/``), which the organiser may
    then re-order (Art. 21.3's last sentence)."""

    tiebreak_preset = serializers.ChoiceField(choices=[p.name for p in PRESETS],
                                              write_only=True, required=False)
    time_preset = serializers.ChoiceField(
        choices=list(TIME_PRESETS), write_only=True, required=False,
        help_text="One of the law's time controls (Art. 10.1.1, 10.1.2): fills "
                  "time_base_minutes, time_increment_seconds and time_checks.")
    time_control_words = serializers.CharField(
        read_only=True, help_text="The time control in words, in the request's language "
                                  "(Art. 10.1).")
    organisation = serializers.PrimaryKeyRelatedField(
        queryset=Organisation.objects.all(), required=False, allow_null=True,
        help_text="The organisation the event is held under (its administrators' right), "
                  "chosen when the event is created; empty: an event of the site.")

    def validate(self, attrs):
        if self.instance is not None and "organisation" in attrs:
            raise serializers.ValidationError(
                {"organisation": _("An event's organisation is chosen when it is created.")})
        control = TIME_PRESETS.get(attrs.pop("time_preset", None) or "")
        if control is not None:
            attrs.update(time_base_minutes=control.base_minutes,
                         time_increment_seconds=control.increment_seconds,
                         time_checks=control.checks_text())
        elif "time_checks" in attrs:
            try:  # written one way, as the statute form writes it
                attrs["time_checks"] = checks_text(*parse_checks(attrs["time_checks"]))
            except TimeControlError:
                pass  # the model's validator names the part it cannot read
        name = attrs.pop("tiebreak_preset", None)
        if name:
            if "tiebreaks" in attrs:
                raise serializers.ValidationError(
                    {"tiebreak_preset": _("Send a named order or a tie-break order, not both.")})
            attrs["tiebreaks"] = [c for c in NAMED_ORDERS[name] if c != "PTS"]
        return attrs

    class Meta:
        model = Event
        fields = ["id", *sorted(STATUTE_FIELDS - {"slug"}), "slug", "organisation",
                  "tiebreak_preset", "time_preset", "time_control_words"]
        read_only_fields = ["id"]
        extra_kwargs = {"slug": {"required": False}}


class PlayerSerializer(serializers.ModelSerializer):
    """A player as the public pages show them: no federation or international ID."""

    class Meta:
        model = Player
        fields = ["id", "full_name", "gender", "birth_year", "club", "province", "federation",
                  "rating", "title"]


class RegisterPlayerSerializer(PlayerSerializer):
    """The register as the people who run events read it, with the IDs they match players by."""

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "national_id", "fide_id"]


class PlayerEditSerializer(serializers.Serializer):
    """Corrections of a register player (``PATCH /api/players/<id>/``): only the fields sent
    change; ``reason`` is kept in the player's history."""

    full_name = serializers.CharField(max_length=120, required=False)
    gender = serializers.ChoiceField(choices=Player._meta.get_field("gender").choices,
                                     allow_blank=True, required=False)
    birth_year = serializers.IntegerField(min_value=1900, max_value=2100, allow_null=True,
                                          required=False)
    club = serializers.CharField(max_length=120, allow_blank=True, required=False)
    province = serializers.CharField(max_length=80, allow_blank=True, required=False)
    federation = serializers.RegexField(r"^[A-Za-z]{3}$", required=False)
    national_id = serializers.CharField(max_length=20, allow_blank=True, allow_null=True,
                                        required=False)
    fide_id = serializers.CharField(max_length=20, allow_blank=True, allow_null=True,
                                    required=False)
    rating = serializers.IntegerField(min_value=0, max_value=32767, allow_null=True,
                                      required=False)
    title = serializers.ChoiceField(choices=Player._meta.get_field("title").choices,
                                    allow_blank=True, required=False)
    email = serializers.EmailField(allow_blank=True, required=False,
                                   help_text="Where the player's pairings go; never read back.")
    reason = serializers.CharField(max_length=200, allow_blank=True, required=False, default="")


class TeamSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "club", "province"]


class EntrySerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    player = PlayerSerializer(read_only=True, allow_null=True, help_text="None for a team.")
    team = TeamSerializer(read_only=True, allow_null=True, help_text="None for a player.")
    members = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = ["id", "number", "name", "player", "team", "rating", "status",
                  "withdrawn_after_round", "withdrawal_reason", "joined_round",
                  "requested_byes", "members"]

    def get_members(self, entry) -> list[dict]:
        if not entry.team_id:
            return []
        return [{"board_order": m.board_order, "reserve": m.is_reserve,
                 "player": m.player_id, "name": m.player.full_name}
                for m in entry.members.all()]


class NewPlayerSerializer(serializers.ModelSerializer):
    """A player new to the register (quick add); ``email`` (optional) is where their pairings
    go, and is never read back through the API (every arbiter reads the register)."""

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "rating", "title",
                  "national_id", "email"]


class EntryCreateSerializer(serializers.Serializer):
    """Register a player of the register (``player``), a new player (``new_player``: added to the
    register at once), or a team with its roster (``team``, ``players``, ``reserves``)."""

    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), required=False)
    new_player = NewPlayerSerializer(required=False)
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all(), required=False)
    players = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True,
                                                 required=False)
    reserves = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True,
                                                  required=False)
    rating = serializers.IntegerField(required=False, allow_null=True)

    def validate(self, data):
        if sum(bool(data.get(k)) for k in ("player", "new_player", "team")) != 1:
            raise serializers.ValidationError(_("Give one of: a player, a new player, a team."))
        return data


class NumbersSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=["lots", "rating", "manual"])
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    numbers = serializers.DictField(child=serializers.IntegerField(min_value=1), required=False,
                                    help_text="Entry id -> table number (method manual).")

    def validate_numbers(self, numbers: dict) -> dict[int, int]:
        ids = {whole_number(key): number for key, number in numbers.items()}
        if None in ids:
            raise serializers.ValidationError(_("Each key is an entry's id (a whole number)."))
        return ids


class WithdrawSerializer(serializers.Serializer):
    after_round = serializers.IntegerField(min_value=0)
    # Art. 20.3: a disqualification by the chief arbiter, with its reason.
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class DisqualifySerializer(serializers.Serializer):
    """Art. 16.2: the chief arbiter's act, with its reason."""

    sanction = serializers.ChoiceField(choices=Sanction.choices)
    reason = serializers.CharField(max_length=200)


class DisqualificationSerializer(serializers.ModelSerializer):
    in_force = serializers.BooleanField(read_only=True)
    decided_by = serializers.CharField(source="decided_by.get_username", default="")
    approved_by = serializers.CharField(source="approved_by.get_username", default="")

    class Meta:
        model = Disqualification
        fields = ["id", "entry", "sanction", "reason", "after_round", "decided_by", "decided_at",
                  "approved_by", "approved_at", "in_force"]


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id", "number", "level", "kind", "white_first", "first_player",
                  "second_player", "result", "version"]


def entry_side(entry, points: dict | None, key: str) -> dict | None:
    """An entry as a side of a game: its id, start number, name and rating, and when
    ``points`` are given (entry id → points) its points under ``key``."""
    if entry is None:
        return None
    side = {"entry": entry.pk, "number": entry.number, "name": entry.name,
            "rating": entry.rating}
    if points is not None:
        side[key] = points.get(entry.pk, "")
    return side


class BoardSerializer(serializers.ModelSerializer):
    white = serializers.SerializerMethodField()
    black = serializers.SerializerMethodField()
    games = GameSerializer(many=True, read_only=True)

    class Meta:
        model = Board
        fields = ["id", "number", "white", "black", "bye", "result", "version", "bracket",
                  "match_code", "first_substitution", "second_substitution", "games",
                  "white_arrived_at", "white_minutes_late", "black_arrived_at",
                  "black_minutes_late"]

    def _side(self, entry):
        """A side of the board; on a round also the points it had before the round."""
        return entry_side(entry, self.context.get("points_before"), "points_before")

    def get_white(self, board) -> dict | None:
        return self._side(board.white)

    def get_black(self, board) -> dict | None:
        return self._side(board.black)


class RoundSerializer(serializers.ModelSerializer):
    open_boards = serializers.SerializerMethodField()
    starts_at = serializers.DateTimeField(
        read_only=True, allow_null=True,
        help_text="When the round starts: the time an organiser set for it (scheduled_at), "
                  "else the statute's schedule (first round's date and the day's start "
                  "times); null when neither says.")

    class Meta:
        model = Round
        fields = ["id", "number", "status", "method", "seed", "paired_at", "published_at",
                  "completed_at", "open_boards", "starts_at", "scheduled_at", "left_out"]
        read_only_fields = ["scheduled_at", "left_out"]

    def get_open_boards(self, round_) -> int | None:
        return getattr(round_, "open_count", None)


class RoundDetailSerializer(RoundSerializer):
    boards = BoardSerializer(many=True, read_only=True)

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "boards"]


class BoardAssignmentSerializer(serializers.ModelSerializer):
    """Art. 20.3 b: an arbiter in charge of boards ``first`` to ``last`` of the round."""

    username = serializers.CharField(source="arbiter.username", read_only=True)

    class Meta:
        model = BoardAssignment
        fields = ["arbiter", "username", "first", "last"]
        read_only_fields = fields


class AssignmentRequestSerializer(serializers.Serializer):
    """PUT: put ``arbiter`` (a user id) in charge of boards ``first`` to ``last``; DELETE:
    only ``arbiter``, whose range is taken back."""

    arbiter = serializers.IntegerField(min_value=1)
    first = serializers.IntegerField(min_value=1, required=False)
    last = serializers.IntegerField(min_value=1, required=False)


class RoundScheduleSerializer(serializers.Serializer):
    """A round's start set by an organiser, with the reason kept beside the change."""

    starts_at = serializers.DateTimeField(
        allow_null=True, help_text="When the round starts; null: back to the statute's schedule.")
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   max_length=REASON_MAX_LENGTH)


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(allow_blank=True, max_length=7)
    version = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   max_length=REASON_MAX_LENGTH)


class ColourSerializer(serializers.Serializer):
    """A deciding game's colours as the higher-placed player chose them: the entry with White."""

    white = serializers.IntegerField(min_value=1)
    version = serializers.IntegerField(min_value=0)


class NotificationSerializer(serializers.ModelSerializer):
    """A message of the event's log (``services/notifications.py``): to whom, by which channel,
    what, and what became of it."""

    class Meta:
        model = Notification
        fields = ["id", "kind", "channel", "recipient", "subject", "body", "url", "status",
                  "attempts", "last_error", "created_at", "sent_at"]
        read_only_fields = fields


class RoleSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = EventRole
        fields = ["id", "username", "role"]


class RoleCreateSerializer(serializers.Serializer):
    """The person by exact ``username`` or e-mail address (in ``username``), or by ``user``:
    the id of someone already on the event's staff."""

    username = serializers.CharField(required=False)
    user = serializers.IntegerField(required=False, min_value=1)
    role = serializers.ChoiceField(choices=["organiser", "chief", "deputy", "arbiter",
                                            "secretary", "appeals", "treasurer"])

    def validate(self, attrs):
        if not attrs.get("username") and not attrs.get("user"):
            raise serializers.ValidationError(
                _("Give the person's exact username or e-mail address."))
        return attrs


class PersonSerializer(serializers.Serializer):
    """Someone who can be appointed: found by exact username or e-mail, or on the staff."""

    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(source="get_full_name")


class EntryGameSerializer(serializers.Serializer):
    """One game of an entry, from its own side (the player's page)."""

    round = serializers.IntegerField()
    board = serializers.IntegerField()
    opponent = serializers.SerializerMethodField()
    colour = serializers.CharField(help_text="w, b, or empty for a bye")
    result = serializers.CharField(help_text="1, ½, 0, +, -, X from this side; a bye's name")
    bye = serializers.CharField()

    def get_opponent(self, game) -> dict | None:
        """The opponent with their rating and, for an individual entry, their points now."""
        return entry_side(game.opponent, self.context.get("opponent_points"), "points")


class EntryCardSerializer(serializers.Serializer):
    """The player card: points, rank, performance (FIDE C.07 §10.2), Rtg+/-."""

    points = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="null: not ranked")
    shared = serializers.BooleanField()
    performance = serializers.IntegerField(allow_null=True)
    rating_change = serializers.SerializerMethodField()

    def get_rating_change(self, card) -> str:
        return card.rating.change if card.rating else ""


class EntryDetailSerializer(EntrySerializer):
    games = serializers.SerializerMethodField()
    card = serializers.SerializerMethodField()

    class Meta(EntrySerializer.Meta):
        fields = [*EntrySerializer.Meta.fields, "games", "card"]

    def get_games(self, entry) -> list[dict]:
        return EntryGameSerializer(self.context.get("games", []), many=True,
                                   context=self.context).data

    @extend_schema_field(EntryCardSerializer(allow_null=True))
    def get_card(self, entry) -> dict | None:
        card = self.context.get("card")
        return None if card is None else EntryCardSerializer(card).data


class HistoryChangeSerializer(serializers.Serializer):
    field = serializers.CharField()
    before = serializers.CharField(allow_null=True)
    after = serializers.CharField(allow_null=True)


class PlayerChangeSerializer(serializers.Serializer):
    """One recorded change of a register player: who, when, what (values as stored), why."""

    at = serializers.DateTimeField()
    user = serializers.CharField()
    created = serializers.BooleanField(help_text="The record was created by this change.")
    changes = serializers.SerializerMethodField()
    reason = serializers.CharField()

    def get_changes(self, line) -> list[dict]:
        return [{"field": c.field, "before": c.before_value, "after": c.after_value}
                for c in line.changes]


class HistoryLineSerializer(PlayerChangeSerializer):
    """One recorded change of a board or of one of its games."""

    subject = serializers.CharField(help_text="Empty for the board; the game otherwise.")
    deleted = serializers.BooleanField()
    system = serializers.BooleanField(help_text="The reason was recorded by the software.")


class CloseSerializer(serializers.Serializer):
    """Closing an event: an optional note kept in its history."""

    reason = serializers.CharField(max_length=100, allow_blank=True, required=False, default="")


class ReopenSerializer(serializers.Serializer):
    """Reopening a closed event: why (kept in its history)."""

    reason = serializers.CharField(max_length=100)
