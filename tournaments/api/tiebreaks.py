"""The named tie-break orders the statute may start from (scoring/presets.py): the law's
(Art. 21.2, 21.3, 21.4, appendix §4, §5.3) and the Xiangqi federations' (CXA, AXF, WXF), each
with its source and what each of its criteria means. Open to everyone."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from scoring.presets import PRESETS
from tournaments.tiebreak_labels import (
    PRESET_NAMES,
    definition,
    full_name,
    heading,
    preset_source,
)


class CriterionSerializer(serializers.Serializer):
    code = serializers.CharField()
    heading = serializers.CharField()
    name = serializers.CharField()
    definition = serializers.CharField()


class PresetSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="Write it in the statute's ``tiebreak_preset``.")
    label = serializers.CharField()
    source = serializers.CharField()
    criteria = CriterionSerializer(many=True, help_text="In order, after the points.")


def preset_rows() -> list[dict]:
    return [{"name": p.name, "label": str(PRESET_NAMES.get(p.name, p.name)),
             "source": preset_source(p),
             "criteria": [{"code": c, "heading": heading(c), "name": full_name(c),
                           "definition": definition(c)} for c in p.order if c != "PTS"]}
            for p in PRESETS]


@extend_schema(responses=PresetSerializer(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def tiebreak_presets(request):
    """The named orders with their sources, in the reader's language."""
    return Response(PresetSerializer(preset_rows(), many=True).data)
