"""Query parameters read as whole numbers (``after_round``, ``round``, ``after``, ``top``,
``game``; ``text.py: query_number``): absent or empty is "not asked" (None); anything else that
is not a whole number in its range is refused, 400 with the parameter named, rather than
silently ignored."""

from rest_framework.exceptions import ValidationError

from tournaments import text


def query_number(request, name: str, *, minimum: int = 0) -> int | None:
    try:
        return text.query_number(request.query_params.get(name), minimum=minimum)
    except ValueError as error:
        raise ValidationError({name: [str(error)]}) from None
