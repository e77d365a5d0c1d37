"""What the standings, crosstable and lots answers hold, for the OpenAPI schema (the views build
the answers as plain data from ``selectors/standings.py``; these describe them field by field)."""

from rest_framework import serializers


class LotsSerializer(serializers.Serializer):
    """The lots of Art. 21.3 once drawn."""

    seed = serializers.IntegerField()
    drawn_at = serializers.DateTimeField(allow_null=True)
    drawn_by = serializers.CharField(allow_null=True)


class StandingsCriterionSerializer(serializers.Serializer):
    code = serializers.CharField()
    heading = serializers.CharField()
    name = serializers.CharField()


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    shared_rank = serializers.BooleanField()
    number = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.CharField(help_text="Exact points as printed: \"2.5\".")
    match_points = serializers.CharField()
    game_points = serializers.CharField()
    board_points = serializers.CharField(required=False, help_text="Team events.")
    tiebreaks = serializers.DictField(child=serializers.CharField(),
                                      help_text="Criterion code -> value as printed.")
    tie_broken_by = serializers.CharField(allow_blank=True)


class StandingsWithdrawnSerializer(serializers.Serializer):
    """Art. 21.5.1: withdrawn with half or fewer games played, every game cancelled, or Art. 16.1
    e: struck from the list and the results: not ranked, listed after the ranking."""

    number = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    article = serializers.CharField()


class StandingsSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    after_round = serializers.IntegerField(allow_null=True)
    match_points = serializers.BooleanField()
    primary = serializers.ChoiceField(["points", "match_points", "game_points",
                                       "board_points"])
    criteria = StandingsCriterionSerializer(many=True)
    rows = StandingsRowSerializer(many=True)
    withdrawn = StandingsWithdrawnSerializer(many=True)
    lots = LotsSerializer(allow_null=True)


class PrizeWinnerSerializer(serializers.Serializer):
    category = serializers.CharField()
    place = serializers.IntegerField(allow_null=True,
                                     help_text="The place the tie-breaks give; null: a player "
                                               "tied with the last prize place who shares its "
                                               "money")
    label = serializers.CharField()
    number = serializers.IntegerField(allow_null=True, help_text="Table number; null: a team "
                                                                 "of the classification")
    name = serializers.CharField()
    club = serializers.CharField(allow_blank=True)
    item = serializers.CharField(allow_blank=True)
    tied = serializers.IntegerField(help_text="How many share the pooled money (1: none)")
    pooled = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                   help_text="The first and last place whose money is pooled")
    amount = serializers.IntegerField(required=False,
                                      help_text="In đồng; the event's staff only")


class PrizePassedSerializer(serializers.Serializer):
    category = serializers.CharField()
    place = serializers.IntegerField()
    name = serializers.CharField()
    holds = serializers.CharField()


class PrizesSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    after_round = serializers.IntegerField(allow_null=True)
    final = serializers.BooleanField()
    one_per_player = serializers.BooleanField()
    precedence = serializers.ChoiceField(["value", "statute"])
    ties = serializers.ChoiceField(["tiebreak", "shared", "hort"])
    winners = PrizeWinnerSerializer(many=True)
    passed_over = PrizePassedSerializer(many=True)
    total = serializers.IntegerField(required=False, help_text="In đồng; the staff only")


class CrosstableRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)  # None: not ranked (Art. 21.5.1)
    number = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.CharField()
    cells = serializers.ListField(child=serializers.CharField(allow_blank=True))


class CrosstableSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    after_round = serializers.IntegerField(allow_null=True)
    round_robin = serializers.BooleanField()
    columns = serializers.ListField(child=serializers.CharField())
    rows = CrosstableRowSerializer(many=True)
