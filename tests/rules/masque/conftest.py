import pytest

from solo.rules import registry


@pytest.fixture(scope="module")
def masque():
    return registry.get("masque")
