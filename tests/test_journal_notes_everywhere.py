"""A note of many lines reads as one entry wherever the journal is read: `solo show`, the Markdown
export and the vault (the TUI's journal is tested in test_tui_writing.py); edits show there too."""

from __future__ import annotations

from markdown_it import MarkdownIt

from solo.campaign import CampaignStore, to_markdown, vault

PASTE = "Line one of a pasted block.\nLine two.\n\nLine four, after a blank one."


def _paragraphs(markdown: str) -> list[str]:
    """The paragraphs a Markdown reader shows, as HTML (what Obsidian and the rest render)."""
    html = MarkdownIt("commonmark").enable("strikethrough").render(markdown)
    return [p.split("</p>")[0] for p in html.split("<p>")[1:]]


def _story(saves_dir):
    session = CampaignStore(saves_dir).create("Salt Road", seed=7)
    session.perform("note", text=PASTE)
    session.perform("note", text="The next note.")
    session.perform("note", text="- a list\n- the player wrote")
    return session


def test_solo_show_indents_a_notes_later_lines_under_its_first(saves_dir, cli):
    _story(saves_dir)
    shown = cli("show", "salt-road").out.splitlines()
    at = shown.index("  [0] note: Line one of a pasted block.")
    assert shown[at:at + 5] == ["  [0] note: Line one of a pasted block.",
                                "            Line two.",
                                "",
                                "            Line four, after a blank one.",
                                "  [0] note: The next note."]


def test_the_export_keeps_a_notes_lines_in_one_paragraph_and_a_players_list_as_written(saves_dir):
    session = _story(saves_dir)
    paragraphs = _paragraphs(to_markdown(session.campaign))
    assert paragraphs[1:3] == ["Line one of a pasted block.<br />\nLine two.<br />\n<br />\n"
                               "Line four, after a blank one.", "The next note."]
    assert "<li>a list</li>\n<li>the player wrote</li>" in MarkdownIt("commonmark").render(
        to_markdown(session.campaign))


def test_the_vault_writes_notes_as_one_paragraph_each_and_as_edited(saves_dir, tmp_path):
    session = _story(saves_dir)
    session.perform("journal_edit", entry=2, text="The next note, put better.")
    session.perform("journal_strike", entry=1, struck=True)
    vault.sync(CampaignStore(saves_dir).load("salt-road"), tmp_path)
    scene = (tmp_path / "Scenes" / "Before the first scene.md").read_text(encoding="utf-8")
    body = scene.split("# Before the first scene\n", 1)[1]
    assert _paragraphs(body) == ["<s>Line one of a pasted block.<br />\nLine two.<br />\n<br />\n"
                                 "Line four, after a blank one.</s>", "The next note, put better."]
    assert "Edited" not in body and "[!solo]" not in body  # the edits' own entries are not written


def test_solo_show_gives_an_entry_as_it_reads_after_an_edit_or_a_strike(saves_dir, cli):
    session = _story(saves_dir)
    session.perform("journal_edit", entry=2, text="The next note,\nput better.")
    session.perform("journal_strike", entry=3, struck=True)
    shown = cli("show", "salt-road", "--last", "5").out.splitlines()
    at = shown.index("  [0] note: The next note,")
    assert shown[at:at + 3] == ["  [0] note: The next note,", "            put better. (edited)",
                                "  [0] note: - a list"]
    assert "            - the player wrote (struck out)" in shown
