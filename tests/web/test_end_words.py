"""Issue 45 finding 3: the sentence saying why a match ended reads in the player's language.

The game's reason (HanniBall's "Black scores in White's goal", Juggers' "penalties 0-1", Jugger
TTG's Stone limit) was put into the sentence as English. Now the server matches it against the
game's sentence templates, as it does the move list's events, and the page translates it the
same way. Each game's finished state is built with its API (seeded random play) and its end
sentence drawn by `endText` in Korean; no English word may remain beyond the seat labels.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tablesports
from tablesports.core.protocol import CHANCE
from tablesports.web.endings import result

from .server import Server
from .test_boards import english_left
from .test_browser import browser, server, shot

__all__ = ["browser", "server"]

GAMES = ("bloodbowl", "hanniball", "juggers", "jukem", "juggerttg")

# reasons a seeded random match may not reach, each said by its game's own sentence
MORE = {
    "hanniball": [
        "Black scores in White's goal",
        "White puts the ball into its own goal and loses",
        "the ball is in Black's goal",
        "the same position occurs 3 times",
        "White has no legal step",
    ],
    "juggers": ["more mete", "penalties 3-2"],
    "juggerttg": ["a point", "three points"],
}

END_TEXT = """async ([views, lang]) => {
  const i18n = await import('/static/i18n.js');
  await i18n.loadLanguage(lang);
  const { endText } = await import('/static/endtext.js');
  return views.map((v) => endText(v, null, (_, s) => `S${s}`));
}"""


def finished(game: str) -> Any:
    rng = random.Random(7)
    st = tablesports.load(game).new_initial_state()
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    return st


def english_words(text: str, lang: str, game: str) -> list[str]:
    """The game's and the match page's English words still in `text`, and any other Latin
    word of three letters or more (Korean and Russian write none)."""
    left = english_left(text, lang, game) + english_left(text, lang, "match")
    return left + re.findall(r"[A-Za-z]{3,}", text)


@pytest.mark.parametrize("lang", ["ko", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_the_end_sentence_says_why_in_the_players_language(
    browser: Any, server: Server, game: str, lang: str
) -> None:
    st = finished(game)
    said = result(st.returns(), None, st)
    assert said is not None and said["detail"]
    views = [{"result": said}]
    for detail in MORE.get(game, []):
        st.reason = detail  # the same finished state, ended for another of the game's reasons
        views.append({"result": result(st.returns(), None, st)})
    page = browser.new_page()
    page.goto(server.url + "/static/match.html")
    sentences = page.evaluate(END_TEXT, [views, lang])
    for view, sentence in zip(views, sentences, strict=True):
        assert english_words(sentence, lang, game) == [], (view["result"]["detail"], sentence)
    if lang == "ko" and game == "hanniball":
        page.set_content("<p id=end></p>")
        page.evaluate(
            "(s) => { document.getElementById('end').textContent = s; }", "\n".join(sentences)
        )
        shot(page, "end-words-hanniball-ko")
    page.close()
