"""Serializers: shapes of the API's documents. They never write; views call services."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.presets import NAMED_ORDERS, PRESETS
from tournaments.models import (
    REASON_MAX_LENGTH,
    Board,
    Entry,
    Event,
    EventRole,
    Game,
    Player,
    Round,
    Team,
)
from tournaments.services.events import STATUTE_FIELDS
from tournaments.text import whole_number


class EventSerializer(serializers.ModelSerializer):
    individual = serializers.SerializerMethodField()
    scoring_follows_law = serializers.BooleanField(
        read_only=True, help_text="False when the points differ from Art. 21.1, 21.2 (only a "
                                  "friendly event, official false, may do so: Art. 19.5).")
    scoring_note = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = ["id", "slug", "name", "format", "participant_kind", "individual",
                  "start_date", "end_date", "venue", "organiser", "visibility", "official",
                  "scoring_follows_law", "scoring_note", "links"]

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

    def validate(self, attrs):
        name = attrs.pop("tiebreak_preset", None)
        if name:
            if "tiebreaks" in attrs:
                raise serializers.ValidationError(
                    {"tiebreak_preset": _("Send a named order or a tie-break order, not both.")})
            attrs["tiebreaks"] = [c for c in NAMED_ORDERS[name] if c != "PTS"]
        return attrs

    class Meta:
        model = Event
        fields = ["id", *sorted(STATUTE_FIELDS - {"slug"}), "slug", "tiebreak_preset"]
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
    """A player new to the register (quick add)."""

    class Meta:
        model = Player
        fields = ["full_name", "gender", "birth_year", "club", "province", "rating", "title",
                  "national_id"]


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


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id", "number", "level", "kind", "white_first", "first_player",
                  "second_player", "result", "version"]


def entry_side(entry, points: dict | None, key: str) -> dict | None:
    """An entry as a side of a game: its id, start number, name and rating, and when
    ``points`` are given (entry id → points, issue 19) its points under ``key``."""
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
                  "match_code", "first_substitution", "second_substitution", "games"]

    def _side(self, entry):
        """A side of the board; on a round also the points it had before the round."""
        return entry_side(entry, self.context.get("points_before"), "points_before")

    def get_white(self, board) -> dict | None:
        return self._side(board.white)

    def get_black(self, board) -> dict | None:
        return self._side(board.black)


class RoundSerializer(serializers.ModelSerializer):
    open_boards = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["id", "number", "status", "method", "seed", "paired_at", "published_at",
                  "completed_at", "open_boards"]

    def get_open_boards(self, round_) -> int | None:
        return getattr(round_, "open_count", None)


class RoundDetailSerializer(RoundSerializer):
    boards = BoardSerializer(many=True, read_only=True)

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "boards"]


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(allow_blank=True, max_length=7)
    version = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   max_length=REASON_MAX_LENGTH)


class ColourSerializer(serializers.Serializer):
    """A deciding game's colours as the higher-placed player chose them: the entry with White."""

    white = serializers.IntegerField(min_value=1)
    version = serializers.IntegerField(min_value=0)


class RoleSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = EventRole
        fields = ["id", "username", "role"]


class RoleCreateSerializer(serializers.Serializer):
    """The person by exact ``username``, or by ``user`` (an id from ``people/?search=``)."""

    username = serializers.CharField(required=False)
    user = serializers.IntegerField(required=False, min_value=1)
    role = serializers.ChoiceField(choices=["organiser", "chief", "deputy", "arbiter"])

    def validate(self, attrs):
        if not attrs.get("username") and not attrs.get("user"):
            raise serializers.ValidationError(
                _("Give the person's username, or their id found with people/?search=."))
        return attrs


class PersonSerializer(serializers.Serializer):
    """Someone who can be appointed (issue 19: found by name or username, in part)."""

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
    """The player card (issue 19): points, rank, performance (FIDE C.07 §10.2), Rtg+/-."""

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
