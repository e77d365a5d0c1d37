from django.db.models import Q, QuerySet

from tournaments.models import Player
from tournaments.text import search_words


def player_search(query: str, limit: int = 20) -> QuerySet[Player]:
    """Players whose name, club or ID matches, ignoring diacritics ("Nguyen" finds "Nguyễn");
    every word must match (the first few words only: ``search_words``)."""
    players = Player.objects.all()
    for word in search_words(query):
        players = players.filter(
            Q(name_folded__contains=word) | Q(national_id__iexact=word) | Q(fide_id__iexact=word)
            | Q(club__icontains=word)
        )
    return players.order_by("sort_key", "id")[:limit]
