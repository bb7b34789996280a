"""The JSON export is made entry by entry, and reads exactly as the whole document dumped at once."""

from __future__ import annotations

import json

from solo.campaign import CampaignStore, document
from solo.campaign.export import json_text, to_json
from solo.campaign.stored import StoredList


def test_json_export_made_entry_by_entry_is_the_whole_dump_to_the_byte(saves_dir, cli, monkeypatch):
    monkeypatch.setattr(document, "utc_now", lambda: "2026-01-02T03:04:05Z")
    store = CampaignStore(saves_dir)
    session = store.create("Salt Road", seed=7)
    session.perform("note", text="ünïcode, \"quotes\" and a\nnew line")
    session.perform("roll", expression="2d6+1")
    session.perform("oracle.scene_start", expectation="a quiet ford")
    session.save()
    session.perform("note", text="after the snapshot")
    opened = store.load("Salt Road")
    assert isinstance(opened.journal, StoredList)
    for campaign in (session.campaign, opened):
        assert json_text(campaign) == json.dumps(to_json(campaign), indent=1, ensure_ascii=False) + "\n"
    exported = cli("export", "salt-road", "--format", "json")
    assert exported.code == 0
    data = json.loads(exported.out)
    assert [e["text"] for e in data["journal"]][-1] == "after the snapshot"
    assert data["journal"][0]["text"] == "ünïcode, \"quotes\" and a\nnew line"
    assert [a["name"] for a in data["actions"]] == ["note", "roll", "oracle.scene_start", "note"]


def test_json_export_of_a_campaign_with_no_entries(saves_dir, monkeypatch):
    monkeypatch.setattr(document, "utc_now", lambda: "2026-01-02T03:04:05Z")
    campaign = CampaignStore(saves_dir).create("Empty Road", seed=1).campaign
    assert json_text(campaign) == json.dumps(to_json(campaign), indent=1, ensure_ascii=False) + "\n"
    assert json.loads(json_text(campaign))["journal"] == []
