"""Every sentence the bot writes, in English: one dictionary per kind, the same keys in
both languages (``bot.texts`` picks the language; tests check keys and blanks match)."""

from __future__ import annotations

from engine.errors import MESSAGES as ENGINE_MESSAGES

SENTENCES: dict[str, str] = {
    "daily_accuse_partner": "{name} accused the opponents of playing on past 101.",
    "daily_knock_you": "You knocked: “Aus!”",
    "daily_knock": "{name} knocked: “Aus!”",
    "daily_accuse_you": "You accused the opponents of playing on past 101.",
    "daily_accuse": "{name} accused your side of playing on past 101.",
    "daily_sevens_you": "You showed five Sevens.",
    "daily_sevens": "{name} showed five Sevens.",
    "daily_taken_by_you": "taken by you",
    "daily_more": "+{count} more",
    "daily_you": "You",
    "daily_left": "Computer left",
    "daily_partner": "Computer partner",
    "daily_right": "Computer right",
    "daily_title": "**Daily deals {day}** · deal {number} of {deals} · you lead, partnered with the computer opposite",
    "daily_progress": "-# Deals: {deals}",
    "daily_won": "**You won {games} games**: {reason}.",
    "daily_won_one": "**You won 1 game**: {reason}.",
    "daily_lost": "**You lost {games} games**: {reason}.",
    "daily_lost_one": "**You lost 1 game**: {reason}.",
    "daily_score": "Points: your team {own}, the opponents {opp} · score for this deal: **{score}**",
    "daily_all_done": "All six deals played: `/gaigel daily show:results` shows how everyone played them.",
    "daily_commitment": "-# 🔒 Fair deal {number}: commitment `{commitment}` (the seed is revealed when the day is over)",
    "daily_commitments": "-# 🔒 The day's six deals ({day}, UTC), committed before anyone played them:",
    "daily_commitment_line": "-# Deal {number}: `{commitment}`",
    "daily_seed_line": "-# {number}: commitment `{commitment}` · seed `{seed}` · salt none",
    "daily_board_title": "**Daily deals {day}**: the ranking of those who played all six (matchpoints: 1 for each lower score on a deal, ½ for each equal one)",
    "daily_board_row": "{rank}. {name} — {percent}% ({mp} of {most} matchpoints)",
    "daily_board_empty": "Nobody has played all six yet.",
    "daily_week_title": "**The week {first} to {last}**: the mean of each person's days",
    "daily_week_row": "{rank}. {name} — {percent}% over {days} days",
    "daily_week_row_one": "{rank}. {name} — {percent}% over 1 day",
    "daily_deal_scores": "Deal {number}: {scores}",
    "daily_not_over_yet": "-# The day is not over: others may still play, and the figures can change.",
    "btn_daily_next": "Next deal",
    "daily_all_played": "You have played all six deals of {day}.",
    "daily_past_day": "The daily deals of {day} can no longer be played.",
    "daily_replay_head": "Daily deals {day}, deal {number}, as {name} played it (score {score})",
    "offline_topic": "Gaigel, the Swabian card game: type /gaigel new",
    "preset_wuerttemberg": "Württemberg rules",
    "preset_classic": "classic rules (1907)",
    "players_count": "{n} players",
    "primer_rules_table": "-# This table plays by {rules}.",
    "primer_rules_no_table": (
        "-# No table in this channel: these pages follow the rules of this server's new tables ({rules})."
    ),
    "score_leads": "{name} leads",
    "score_level": "level",
    "score_signs": "-# I: a deal lost · V: a double game lost · ~~I~~: erased by a deal won",
    "points_own_team": "Your team ({team}) {points}",
    "points_opponents": "Opponents ({team}) {points}",
    "points_you": "You {points}",
    "knock_call_three": "✊ **“Aus!” — a knock by {name}.** Turning over their tricks…",
    "accuse_call_three": (
        "⚖️ **An accusation by {name}: {team} played on past 101!** Turning over their tricks…"
    ),
    "confirm_accuse_named": (
        "Accuse {name} now? If {name} did not play on past 101, you lose a double game. Confirm within 30 seconds, or Cancel."
    ),
    "btn_confirm_accuse_named": "Accuse {name} now? A wrong accusation loses double",
    "first_hand_primer": "-# New to Gaigel? /gaigel help explains the game in a few short pages.",
    "btn_hint": "Hint",
    "hints_line": "-# Hints asked: {hints}",
    "hint_play": "💡 The coach would play {card}.",
    "hint_why_last_takes": "💡 You play last: take the trick with {card}.",
    "hint_why_sure_takes": "💡 Play {card}: nobody can beat it any more, it takes this trick.",
    "hint_why_lead_ace": "💡 Lead {card}: only a trump can take it from you.",
    "hint_why_lead_low": "💡 Lead {card}: it risks the fewest points; your strong cards wait for tricks worth taking.",
    "hint_why_leads_so_far": (
        "💡 Play {card}: it leads the trick so far (a player after you may still beat it)."
    ),
    "hint_why_partner_wins_smear": "💡 Your partner's {other} wins the trick: smear your {card}.",
    "hint_why_partner_wins": "💡 Your partner's {other} wins the trick: play {card}.",
    "hint_why_partner_leads": "💡 Play {card}: your partner's {other} leads the trick so far.",
    "hint_why_cannot_beat_low": "💡 You cannot beat the {other}: give away little, play {card}.",
    "hint_why_cannot_beat": "💡 You cannot beat the {other}: play {card}.",
    "hint_why_leave": "💡 Play {card}, not a card that beats the {other}.",
    "hint_why_opening_ge_elfen": (
        "💡 Lead {card} face up (Ge-Elfen): you take the first trick whatever is played."
    ),
    "hint_why_opening_zweite_alte": (
        "💡 Lead {card} face down (Zweite Alte): you take the first trick unless another player"
        " plays the same Ace."
    ),
    "hint_why_opening_hoeher_hat": (
        "💡 Lead {card} face down (Höher hat): the highest card of its suit takes the first trick."
    ),
    "hint_why_opening_trumpf": (
        "💡 Lead {card} face up (Trumpf): you take the first trick unless another player with five"
        " trumps plays a higher one."
    ),
    "hint_why_opening_none": "💡 Lead {card} face up: at this table the first trick is an ordinary one.",
    "hint_why_elfen_partner_smear": (
        "💡 Your partner's {other} takes the first trick whatever is played (Ge-Elfen): smear"
        " your {card}."
    ),
    "hint_why_elfen_partner": (
        "💡 Your partner's {other} takes the first trick whatever is played (Ge-Elfen): play {card}."
    ),
    "hint_why_elfen_lost": (
        "💡 The {other} takes the first trick whatever is played (Ge-Elfen): play {card}."
    ),
    "hint_why_trumpf_led": (
        "💡 Play {card}: the {other} takes the first trick unless a hand of five trumps beats it"
        " (Trumpf)."
    ),
    "hint_why_face_down": "💡 Play {card} face down: the first trick lies face down until it is complete.",
    "hint_keep": "Keep King and Ober of {suit} for the marriage.",
    "hint_declare": "💡 The coach would declare a marriage first.",
    "hint_exchange": "💡 The coach would exchange the trump Seven first.",
    "hint_knock": "💡 The coach would knock: your team has 101.",
    "hint_accuse": "💡 The coach would accuse: the opponents played on past 101.",
    "hint_sevens": "💡 The coach would show the five Sevens.",
    "hint_count": "(Hint {count} this deal.)",
    "btn_review": "Review",
    "review_head": (
        "🔍 Deal {number}, your plays where the computer's choice scores best against yours"
        " (by its own evaluation, from what you knew then):"
    ),
    "review_line": "Trick {trick}: you played {played}, the computer would play {better}:"
                   " {points} points at stake.",
    "review_line_one": "Trick {trick}: you played {played}, the computer would play {better}:"
                       " 1 point at stake.",
    "opening_name_ge_elfen": "Ge-Elfen",
    "opening_name_hoeher_hat": "Höher hat",
    "opening_name_zweite_alte": "Zweite Alte",
    "opening_name_trumpf": "Trumpf",
    "review_rest": "No other play of yours was clearly worse than the computer's choice.",
    "review_points": (
        "-# Points at stake: how many card points more the computer's card brings your team on"
        " average, over the same (up to {worlds}) possible deals it tried with both cards (a deal"
        " won instead of lost counts as {won}). A play is named only when that lead is clear beyond"
        " chance: more than twice its standard error, and at least {least} points."
    ),
    "review_all": (
        "🔍 Deal {number}: none of your plays was clearly worse than the computer's choice."
    ),
    "review_nothing": (
        "🔍 Deal {number}: none of your own plays had a choice to review."
    ),
    "ping": "{mention}, it is your turn at table {table}.",
    "ping_dm": "It is your turn at table {table}.",
    "ping_on": (
        "Turn pings on: you are mentioned when it is your turn and you have not played within 10 seconds."
    ),
    "ping_off": "Turn pings off.",
    "btn_confirm_knock": "Knock now? A wrong knock loses double",
    "btn_confirm_accuse": "Accuse now? A wrong accusation loses double",
    "btn_cancel": "Cancel",
    "confirm_knock": (
        "✊ Knock now? Your team's tricks will be counted; under 101 it loses a double game. Confirm within 30 seconds, or Cancel."
    ),
    "confirm_accuse": (
        "Accuse now? If the opponents did not play on past 101, your team loses a double game. Confirm within 30 seconds, or Cancel."
    ),
    "confirm_too_quick": (
        "⏳ Too quick to count as a yes (a double-click?): take a second, then confirm again."
    ),
    "confirm_lapsed": (
        "That confirmation has lapsed (30 seconds, or the table moved on): click Knock or Accuse again."
    ),
    "hand_out_of_date": (
        "⌛ This hand is out of date (a hand is kept up to date for 15 minutes): click Refresh or “My cards”, or use /gaigel hand, for a fresh one."
    ),
    "hand_retired": (
        "Deal {number} is over. Your hand for the next deal is in a new message."
    ),
    "btn_previous": "◀ Previous",
    "btn_next_page": "Next ▶",
    "rules_primer": "New to Gaigel? /gaigel help explains the game page by page.",
    "table_primer": "-# New to Gaigel? /gaigel help",
    "table_beginner_on": (
        "-# Beginner help is on: running points, Hint and Review. /gaigel new beginner:off for a table without it."
    ),
    "table_beginner_off": (
        "-# Beginner help (running points, Hint and Review): /gaigel new beginner:on"
    ),
    "primer_beginner_on": (
        "This table has the beginner help: the running points are shown, the hand has Hint (the computer's advice) and, between deals, the table has Review. /gaigel new beginner:off opens a table without it."
    ),
    "primer_beginner_off": (
        "Beginner help (running points, Hint with the computer's advice, Review between deals) is on at the tables of a host's first three matches on this server; /gaigel new beginner:on opens a table with it."
    ),
    "primer_head": (
        "**Gaigel, how to play · {page}/{pages} · {title}**"
    ),
    "primer_title_cards": "The cards",
    "primer_title_deal": "Trumps and the talon",
    "primer_title_first_trick": "The first trick",
    "primer_title_play": "Playing a trick",
    "primer_title_marriages": "Marriages",
    "primer_title_knock": "Knocking: “Aus!” at 101",
    "primer_title_match": "The match",
    "primer_title_first_deals": "Your first deals",
    "primer_tip_smear": (
        "Smear: when your partner surely wins the trick (nobody after you can beat their card), put a 10 or an Ace of another suit on it: its points go to your team."
    ),
    "primer_tip_smear_alone": (
        "Give points only to a trick you win yourself: when you cannot take a trick, give it a Seven or an Unter, not a 10."
    ),
    "primer_tip_marriage": (
        "Keep a King and an Ober of one suit together: once your team has won a trick they are a marriage, 20 points (40 in trumps). Don't throw one of them away early."
    ),
    "primer_tip_last": (
        "Playing last, you see the whole trick: if it holds points, take it with the Ace of the suit led (or a trump); if it holds none, keep your Ace and give a Seven."
    ),
    "primer_tip_count": (
        "Keep count of your team's points: each trick your team takes (A 11, 10 10, K 4, O 3, U 2) and its marriages. The other team's tricks matter less."
    ),
    "primer_tip_count_shown": (
        "Keep count of your team's points: each trick your team takes (A 11, 10 10, K 4, O 3, U 2) and its marriages. This table shows them; count along anyway, most tables don't."
    ),
    "primer_tip_knock": (
        "Knock as soon as you are sure your team has 101: under 101 loses double, and a card played with 101 lets the opponents accuse you. Not sure? Count once more before your next card."
    ),
    "primer_cards": (
        "48 cards: A 10 K O U 7, each twice, in four suits ({suits}). O is the Ober, U the Unter (like a Queen and a Jack)."
    ),
    "primer_cards_values": (
        "Card points: A 11 · 10 10 · K 4 · O 3 · U 2 · 7 0 (240 in the pack). Tricks are worth the points of their cards."
    ),
    "primer_cards_beat": (
        "Order: A > 10 > K > O > U > 7. A trick goes to the highest card of the suit led, unless a trump was played: then the highest trump. Of two equal cards, the first played wins."
    ),
    "primer_deal": (
        "Everyone gets five cards; the next card lies face up and its suit is trump. The rest is the talon: after each trick everyone draws a card, the trick's winner first, so hands stay at five. The face-up card is drawn last."
    ),
    "primer_exchange_team": (
        "The trump Seven may be exchanged for the face-up card once your team has won a trick."
    ),
    "primer_exchange_self": (
        "The trump Seven may be exchanged for the face-up card once you have won a trick yourself."
    ),
    "primer_openings": (
        "The first card of the deal (the player after the dealer, Vorhand) must open in one of these ways; the hand offers only the openings that fit:"
    ),
    "primer_openings_no_trump": (
        "In the first trick nobody else may play a trump unless their hand is all trumps."
    ),
    "primer_no_openings": (
        "The player after the dealer (Vorhand) leads any card face up; the first trick is an ordinary trick."
    ),
    "primer_free": "While the talon lasts, play any card: no need to follow suit or to beat.",
    "primer_strict": (
        "Once the talon is empty, the last five tricks are strict: follow the suit led and beat the best card if you can; without that suit, trump (and beat a trump in the trick if you can); otherwise any card. The hand greys out the cards you may not play and says why."
    ),
    "primer_strict_trumped_any": (
        "If someone has trumped, a player who follows suit may play any card of it."
    ),
    "primer_strict_trumped_beat": (
        "Even if someone has trumped, a player who follows suit must still beat the suit's best card if they can."
    ),
    "primer_marriages": (
        "A marriage is the King and Ober of one suit in your hand: 20 points, 40 in trumps (both pairs of a suit at once: 40, 80 in trumps). Declare it with the hand's button or /declare; the points count at once. Your team must have won a trick first."
    ),
    "primer_meld_any_time": (
        "You may declare any time once your team has won a trick, also when it is not your turn."
    ),
    "primer_meld_after_trick": (
        "You may declare only right after a trick your team won, before the next card: one marriage each time."
    ),
    "primer_meld_not_after_talon": "Once the talon is empty, nobody declares any more.",
    "primer_knock": (
        "When your team has 101 or more (tricks and marriages), knock: “Aus!” (the Knock button or /knock). Your team's tricks are then turned over and counted in the channel."
    ),
    "primer_count_in_head": "Nobody shows the running points: count in your head.",
    "primer_knock_right": (
        "Right: your team wins a game; a double game (a Gaigel) if the opponents have not won a trick."
    ),
    "primer_knock_wrong": "Too early (under 101): untergaigelt, the opponents win a double game.",
    "primer_played_on": (
        "Too late: a team that plays a card with 101 or more has played on; the opponents may accuse it (/accuse) and win a double game (übergaigelt). A wrong accusation loses double."
    ),
    "primer_five_sevens": (
        "Five Sevens in your hand win a single game at once (show them with their button)."
    ),
    "primer_five_tricks": "A team that takes the first five tricks wins a double game at once.",
    "primer_show_points": (
        "This table has the beginner option: the running points are shown, and the hand says when your team can knock."
    ),
    "primer_match_teams": (
        "With four or six players, partners sit opposite: every second seat is one team (A, B). /gaigel score shows the match, /gaigel rules this table's rules."
    ),
    "score_legend_strokes": (
        "Strokes: the losers of a deal draw I (V for a double game) until {limit} are drawn; then the winners of a deal erase theirs (~~I~~); the first team with a clear line wins."
    ),
    "score_legend_tokens": (
        "Tokens: the losers of a deal take a token (two for a double game) from the pool of {limit}; then winners give theirs back; the first team with none left wins."
    ),
    "score_legend_points": (
        "Game points: the winners of a deal score 1, 2 for a double game (a Gaigel); the first team to {limit} wins."
    ),
    "score_legend_three": (
        "Three players: each deal scores 5, 3 and 1 (6/3 or 9 when someone took no trick); after {limit} deals the most game points win."
    ),
    "disabled_must_follow": "Grey cards: you must follow {suit} while you can.",
    "disabled_must_trump": "Grey cards: you have no {suit}, so you must trump ({trump}).",
    "disabled_must_overtrump": "Grey cards: you must play a higher trump than the one in the trick.",
    "disabled_must_beat": "Grey cards: you must follow {suit} and beat the trick's best card when you can.",
    "disabled_trump_in_first_trick": "Grey cards: no trumps to the first trick (unless you hold only trumps).",
    "disabled_bad_opening": "Grey cards: they cannot open the deal.",
    "opening_ge_elfen": "· Ge-Elfen: a plain Ace face up; you win the first trick whatever is played.",
    "opening_hoeher_hat": (
        "· Höher hat (face down): a plain card that is not an Ace; all play face down, the highest card of your suit wins."
    ),
    "opening_zweite_alte": (
        "· Zweite Alte (face down): a plain Ace face down; the first to play the same Ace wins, else you do."
    ),
    "opening_trumpf": (
        "· Trumpf: you hold five trumps; lead one face up, you win unless another player with five trumps plays higher."
    ),
    "can_knock": "Your team has 101: your team can knock (the Knock button, or /knock).",
    "table_title": "Gaigel · table {table}",
    "status_open": "Waiting for players: {taken}/{players} seats taken. The host starts.",
    "status_waiting": "Deal over. Next deal when someone clicks “Next deal”.",
    "status_over": "The match is over: {winner} won.",
    "status_ended": "The host closed this table.",
    "seats": "Seats",
    "empty_seat": "empty",
    "team": "team {name}",
    "dealer": "dealer",
    "vorhand": "leads (Vorhand)",
    "away": "away — a computer plays",
    "computer": "computer ({level})",
    "host": "host",
    "trump": "Trump",
    "indicator": "{card} lies face up",
    "talon": "Talon: {count}",
    "talon_empty": "Talon empty: follow suit and beat",
    "trick": "Trick",
    "trick_empty": "–",
    "last_trick": "Last trick",
    "taken_by": "taken by {name}",
    "marriages": "Marriages",
    "exchanges": "{name} exchanged the trump Seven",
    "turn": "**{name}** to play {when}",
    "recount_running": "✊ The tricks are being counted…",
    "score": "Score",
    "points_beginner": "Points (beginner option)",
    "deal_number": "Deal {number}",
    "result_line": "Deal {number}: {winner} won{double} — {reason}{who}",
    "fair_commitment": "-# 🔒 Fair deal {number}: commitment `{commitment}` (the SHA-256 of its secret seed, revealed when the deal is over)",
    "fair_revealed": "-# 🔓 Fair deal {number}: seed `{seed}` · salt {salt} · check it with `python -m engine verify` on the export",
    "fair_no_salt": "none (no click started the deal)",
    "result_knocked": " · {name} knocked",
    "result_accused": " · {name} accused {team}",
    "double": " a double game",
    "pool": "pool: {count}",
    "game_points": "{total} game points",
    "game_points_one": "{total} game point",
    "deals_played": "after {deals} of {limit} deals",
    "tokens": "{held} tokens",
    "tokens_one": "{held} token",
    "of_strokes": "{limit} strokes",
    "of_strokes_one": "{limit} stroke",
    "deals_played_one": "after {deals} of {limit} deal",
    "head_strokes": "strokes {count}",
    "head_tokens": "tokens {count}",
    "reason_aus": "Aus!",
    "reason_gaigel": "Gaigel!",
    "reason_untergaigelt": "untergaigelt (wrong knock)",
    "reason_uebergaigelt": "übergaigelt (played on past 101)",
    "reason_false_accusation": "false accusation",
    "reason_five_sevens": "five Sevens",
    "reason_five_tricks": "five tricks",
    "reason_played_out": "played out",
    "btn_join": "Join",
    "btn_leave": "Leave",
    "btn_add": "Add computer",
    "btn_start": "Start",
    "btn_hand": "My cards",
    "btn_next": "Next deal",
    "btn_back": "I'm back",
    "btn_last": "Last trick",
    "btn_declare": "Declare {points} {suit}",
    "btn_exchange": "Exchange Seven",
    "btn_knock": "Knock: Aus!",
    "btn_accuse": "Accuse: played on",
    "btn_accuse_against": "Accuse {name}",
    "btn_sevens": "Show five Sevens",
    "btn_refresh": "Refresh",
    "face_down": "face down",
    "hand_title": "Your cards · table {table}",
    "hand_turn": "**Your turn.**",
    "hand_wait": "{name} to play.",
    "hand_over": "The deal is over.",
    "hand_closed": "This table is closed; the deal was not played to the end.",
    "hand_changed": "Your hand changed; here it is again.",
    "hand_no_deal": "No deal is being played at this table.",
    "hand_opening": "First card of the deal: choose how to open.",
    "hand_expired_hint": "(Hands expire after 15 minutes: reopen with “My cards”.)",
    "played": "You played {card}.",
    "declared": "You declared {points} in {suit}.",
    "exchanged": "You exchanged the trump Seven.",
    "knock_call": "✊ **“Aus!” — a knock by {name}.** Turning over team {team}'s tricks…",
    "accuse_call": (
        "⚖️ **An accusation by {name}: team {team} played on past 101!** Turning over "
        "their tricks…"
    ),
    "sevens_call": "7️⃣ **Five Sevens, shown by {name}:** {cards}",
    "recount_trick": "Trick {n}: {cards} — {points}",
    "recount_melds": "Marriages: {melds}",
    "recount_exchange": "Seven exchange: {points}",
    "recount_cards": "Cards: {points}",
    "recount_total": "**Total: {points}**",
    "recount_none": "No tricks.",
    "verdict": "**Verdict: {reason}** — {winner} win{double}.",
    "verdict_one": "**Verdict: {reason}** — {winner} wins{double}.",
    "strokes_now": "Score now: {score}",
    "match_won": "🏆 **{winner} won the match!**",
    "timeout_played": "⏱️ {name}'s time ran out: a computer played for them.",
    "now_away": "💤 {name} missed three turns: a computer takes the seat until “I'm back”.",
    "skipped": "⏭️ The host skipped {name}'s turn: a computer played.",
    "kicked": "{name} was removed from the table; a computer takes the seat.",
    "table_ended": "The host ended the table.",
    "opened": "Table {table} is open: {link}",
    "opened_here": "Table {table} is open.",
    "joined": "You took a seat.",
    "left": "You left the table.",
    "left_playing": "You left the table; a computer plays your seat to the end of the match.",
    "left_closed": "You left the table; nobody else was seated, so it is closed.",
    "walked_out": "{name} left the table; a computer takes the seat.",
    "added": "A computer took a seat: {name} ({level}) in seat {seat}.",
    "took_over": "You take the seat of {name}.",
    "takes_over": "{name} takes the seat of {computer}.",
    "not_at_table": "{name} is not seated at this table.",
    "knocked": "You knocked: “Aus!” The recount follows in the channel.",
    "accused": (
        "You accused the other side of playing on past 101. The recount follows in the "
        "channel."
    ),
    "why_declare_meld_closed_trick": (
        "You cannot declare now: a pair may be declared only right after your team has "
        "won a trick."
    ),
    "why_declare_meld_closed_talon": (
        "You cannot declare now: the talon is empty, and at this table nobody declares "
        "after that."
    ),
    "why_declare_no_marriage": "You cannot declare that pair: you do not hold {pair}.",
    "why_declare_already_declared": "You cannot declare that pair: it has already been declared.",
    "why_declare_no_trick_yet": "You cannot declare yet: your team has not won a trick.",
    "why_exchange_no_seven": "You cannot exchange: you do not hold the trump Seven.",
    "why_exchange_not_allowed": (
        "You cannot exchange: the face-up trump card has already been taken."
    ),
    "why_exchange_no_trick_yet": "You cannot exchange yet: it needs a trick won first.",
    "why_accuse_not_allowed": "You cannot accuse now: the other side has not played on past 101.",
    "why_accuse_name": "Name a player of the side you accuse: /accuse player:…",
    "why_accuse_own": "You cannot accuse your own side.",
    "why_deal_over": "No deal is being played now: the last one is over.",
    "started": "The game starts.",
    "next_started": "The next deal is dealt.",
    "ready_waiting": "You are ready; the next deal starts when everyone is (or the host deals).",
    "welcome_back": "Welcome back: your seat is yours again.",
    "no_table_here": "There is no table in this channel. Open one with /gaigel new.",
    "not_player": "You are not playing at this table.",
    "no_pair": "You cannot declare that pair now.",
    "missing_perms": "I cannot post here. Missing permissions: {perms}.",
    "manager_only": "Only server managers can do that.",
    "host_or_manager": "Only the host or a server manager can do that.",
    "guild_only": "This works only in a server channel.",
    "dm_on": "Your hand will also be kept in a DM.",
    "dm_off": "No more DM hands.",
    "dm_closed": "I could not send you a DM (your DMs are closed); your hand stays here.",
    "settings_saved": (
        "Settings saved: {settings}\n-# Tables already running keep their language until their next match."
    ),
    "settings_now": "Settings: {settings}",
    "no_last_trick": "No trick has been taken yet.",
    "last_trick_is": "Last trick (taken by {name}): {cards}",
    "older_hidden": "Older tricks stay face down.",
    "alt_table": "Table picture. {parts}",
    "alt_face_down": "a face-down card",
    "alt_recount": "Counted tricks. {parts}",
    "recount_picture_melds": "Marriages, Seven",
    "recount_picture_total": "Total",
    "opened_hoeher_hat": (
        "{name} opened face down: Höher hat — the highest card of the suit led wins; every card "
        "stays face down until the trick is complete."
    ),
    "opened_zweite_alte": (
        "{name} opened face down: Zweite Alte — a plain Ace; the first to play the same Ace "
        "wins the trick, else {name}."
    ),
    "opened_ge_elfen": "{name} led a plain Ace face up: Ge-Elfen — {name} wins the first trick whatever is played.",
    "opened_trumpf": (
        "{name} led a trump: Trumpf — {name} holds five trumps and wins the first trick unless "
        "someone with five trumps plays higher."
    ),
    "hand_declared": "{name} declared {points} {suit}",
    "btn_again": "Play again",
    "kept": "(kept)",
    "status_kept": "Seats kept for {names} until they click Play again (or leave).",
    "again_open": (
        "A new match at this table: your seat is yours again. The others' seats are kept until "
        "they click Play again; the host starts."
    ),
    "again_back": "Your seat is yours again. The host starts the match.",
    "stats_none": "No finished deals yet.",
    "chart_alt": "{name}: rating {rating} after {count}; {won}, {right}, {wrong}, {marriages}, {gaigels}.",
    "n_rated_matches": "{n} rated matches",
    "n_rated_matches_one": "1 rated match",
    "n_deals_won": "{n} deals won",
    "n_deals_won_one": "1 deal won",
    "n_right_knocks": "{n} right knocks",
    "n_right_knocks_one": "1 right knock",
    "n_wrong_knocks": "{n} wrong knocks",
    "n_wrong_knocks_one": "1 wrong knock",
    "n_marriages": "{n} marriages",
    "n_marriages_one": "1 marriage",
    "n_gaigels": "{n} Gaigels",
    "n_gaigels_one": "1 Gaigel",
    "n_matches": "{n} matches",
    "n_matches_one": "1 match",
    "chart_title": "{name}: rating and results",
    "chart_rating": "Rating (mu - 3 sigma) after each of the last {count} rated matches, season {season}",
    "chart_no_rating": "No rated match yet",
    "chart_deals_won": "Deals won",
    "chart_knocks_right": "Right knocks",
    "chart_knocks_wrong": "Wrong knocks",
    "chart_marriages": "Marriages",
    "chart_gaigels": "Gaigels",
    "leaderboard_title": (
        "**Leaderboard**, season {season}: rating = skill estimate μ − 3σ (openskill), people "
        "with at least {min} rated matches"
    ),
    "leaderboard_row": "{rank}. {name} — rating {rating} · {matches} · {won} · trend {trend}",
    "leaderboard_empty": "No one has {min} rated matches in season {season} yet.",
    "leaderboard_no_season": "There is no season {season} on this server. Seasons: {seasons}.",
    "season_all": "all time",
    "export_empty": "Nothing to export yet.",
    "export_done": "History export ({scope}, {fmt}): {deals}, ended {first} to {last} (UTC).",
    "export_deals": "{n} deals",
    "export_deals_one": "1 deal",
    "export_gzip_one": (
        "The file is compressed with gzip (.gz): 7-Zip, `gunzip` or Python's `gzip` opens it."
    ),
    "export_parts": (
        "It comes in {files} files, each compressed with gzip (.gz) and a whole {fmt} file of "
        "its own: 7-Zip, `gunzip` or Python's `gzip` opens them."
    ),
    "export_batch": "-# Files {first} to {last} of {files}.",
    "export_batch_one": "-# File {first} of {files}.",
    "export_rest": (
        "One export sends at most {max} files, so the deals that ended from {since} on are not "
        "all in it. For them: `/gaigel export since:{since}` (a deal already sent may come "
        "again: each has its own deal_id)."
    ),
    "export_bad_since": (
        "`since` takes a day such as 2025-03-01, or a moment such as 2025-03-01T18:30 (UTC)."
    ),
    "export_none_since": "No deal ended at {since} (UTC) or later.",
    "skip_done": "Turn skipped.",
    "kick_done": "{name} removed; a computer plays the seat.",
    "kick_done_open": "{name} removed; the seat is free.",
    "end_done": "Table ended.",
    "yes": "yes",
    "no": "no",
    "rules_title": "**{preset}** · {players} players",
    "rules_openings": "- First-trick openings (Ge-Elfen, Höher hat, Zweite Alte): ",
    "rules_meld": "- Declaring: ",
    "rules_meld_any_time": "any time once your team has won a trick",
    "rules_meld_after_trick": "only right after your team wins a trick, one pair per trick",
    "rules_meld_after_talon": "- Declaring after the talon is empty: ",
    "rules_second_pair": "- Second pair of a suit: ",
    "rules_second_pair_fresh": "with the other King and Ober",
    "rules_second_pair_never": "never",
    "rules_exchange": "- Exchanging the trump Seven needs a trick by ",
    "rules_exchange_team": "your team",
    "rules_exchange_player": "yourself",
    "rules_strict": (
        "- Once the talon is empty: follow suit, beat, trump; must still beat in a "
        "trumped trick: "
    ),
    "rules_five_sevens": "- Five Sevens win: ",
    "rules_false_accusation": "- A false accusation loses a double game: ",
    "rules_bonus": "- Points for the last trick: {last} · for the Seven exchange: {exchange}",
    "rules_knock": (
        "- With 101 you knock (“Aus!”). A wrong knock: untergaigelt. Playing on past 101:"
        " übergaigelt."
    ),
    "rules_last_trick_only": "- Only the last trick may be looked at.",
    "rules_scoring": "- Scoring: {scoring}",
    "rules_scoring_strokes": "strokes ({strokes})",
    "rules_scoring_tokens": "tokens ({strokes})",
    "rules_scoring_points": "game points to {target}",
    "rules_scoring_three": "5/3/1 over {deals} deals",
    "rules_timer": "- Turn timer: {seconds} s",
    "rules_show_points": "- Beginner option: running points are shown",
    "rules_computer_knock_own_turn": (
        "- Computer partners knock only on their own turn: you may knock first"
    ),
    "error": "Something went wrong; nothing was changed.",
    "busy": "One moment: the table is busy. Try again.",
    # python -m bot replay: a finished deal trick by trick in the terminal (bot/replay.py)
    "replay_head": "Replay: {what}",
    "replay_table": "table {table}",
    "replay_players": "{count} players",
    "replay_preset": "{preset} rules",
    "replay_seat": "Seat {number}",
    "replay_order": "Playing order: {names} ({name} leads)",
    "replay_teams": "Teams: {a} against {b}",
    "replay_trump": "Trump: {suit} · face up: {card} · talon: {count} cards",
    "replay_dealt": "Dealt:",
    "replay_trick": "Trick {number} · talon: {count}",
    "replay_indicator": " · face up: {card}",
    "replay_hands": "In hand:",
    "replay_play": "{name} plays {card}",
    "replay_face_down": "played face down",
    "replay_took": "{name} takes the trick: {points} points.",
    "replay_bonus": "Last trick bonus: {points} points.",
    "replay_cut_short": "The deal ended before this trick was complete.",
    "replay_drawn": "From the talon: {draws}.",
    "replay_draw": "{card} to {name}",
    "replay_draw_indicator": "{card} to {name} (the face-up card)",
    "replay_exchange": "{name} exchanges the {seven} for the face-up {card}.",
    "replay_exchange_points": " (+{points} points)",
    "replay_declare": "{name} declares {points} in {suit}.",
    "replay_declare_both": "{name} declares both pairs of {suit}: {points}.",
    "replay_points": "Points: {points}",
    "replay_end": "End of the deal",
    "replay_left": "Left in hand:",
    "replay_when_before": "before the first card",
    "replay_when_after": "after trick {number}",
    "replay_when_during": "in trick {number}, after {cards} cards",
    "replay_when_during_one": "in trick {number}, after its first card",
    "replay_knock": "{name} knocks (“Aus!”) {when}.",
    "replay_accuse": "{name} accuses {team} of playing on past 101, {when}.",
    "replay_sevens": "{name} shows five Sevens {when}: {cards}.",
    "replay_recount": (
        "Recount of {team}: {tricks} tricks with {card_points} card points, {melds} for "
        "marriages, {exchange} for Seven exchanges: {points} points."
    ),
    "replay_recount_one": (
        "Recount of {team}: 1 trick with {card_points} card points, {melds} for "
        "marriages, {exchange} for Seven exchanges: {points} points."
    ),
    "replay_result": "Result: {reason} — {games} games to {winner}.",
    "replay_result_one": "Result: {reason} — 1 game to {winner}.",
    "replay_fair": "Fair deal: commitment {commitment} · seed {seed} · salt {salt}",
    "replay_fair_hidden": "Fair deal: commitment {commitment} (the seed is not revealed)",
    "replay_no_salt": "none (no click started the deal)",
    "replay_unreadable": "Cannot read {file}: {reason}",
    "replay_empty": "{file} holds no deal.",
    "replay_no_such_deal": "There is no deal {number} in {file}: it holds {deals} deals.",
    "replay_no_such_deal_one": "There is no deal {number} in {file}: it holds 1 deal.",
    "replay_not_over": "A deal that is not over can never be replayed.",
    "replay_page_head": (
        "**Replay** · deal {place} at this table · {players} players, {preset} rules"
        " · {page}/{pages}"
    ),
    "replay_page_match": "deal {number} of its match",
}
"""The table message, hands, answers, the ceremony, the rules (keys grouped by where they appear)."""


SERVICE_ERRORS: dict[str, str] = {
    "daily_bad_day": "{day!r} is no day: write it as YYYY-MM-DD, for example 2026-11-25.",
    "daily_future_day": "{day} has not come yet (days are counted in UTC).",
    "daily_played": "You have played deal {number} already: each daily deal is played once.",
    "daily_day_over": "The day {day} is over: its deals can no longer be played (their seeds are revealed).",
    "daily_not_yours": "This is not your daily deal.",
    "daily_no_peeking": "No peeking: you see the day's results, rankings and replays once you have played all six of its deals (or once the day is over).",
    "daily_not_over": "The day {day} is not over yet: its deals can be replayed once it has ended (UTC).",
    "daily_no_deal": "There is no daily deal {number}: a day has deals 1 to 6.",
    "daily_no_play": "There is no finished play of daily deal {number} by that person on that day.",
    "daily_no_set": "Nobody on this server played the daily deals of {day}.",
    "no_coach": "Hints are for tables with the beginner option (show_points).",
    "no_review_coach": "The review is for tables with the beginner option (show_points).",
    "no_review": "No deal has ended at this table yet: there is nothing to review.",
    "review_not_played": "You did not play in deal {number}, so there is nothing of yours to review.",
    "other_table": "This button belongs to a table in another channel.",
    "trump_pair_40": "The trump pair counts 40: declare it with /declare 40.",
    "unknown_suit": "I do not know that suit: name Acorns, Leaves, Hearts or Bells (or ♣ ♠ ♥ ♦).",
    "no_pairs_now": "You have no pair to declare now.",
    "bad_points": "Points must be 20, 40 or 80.",
    "need_suit": "Name the suit: several pairs fit.",
    "no_table": "There is no such table here.",
    "table_exists": "This channel already has a table.",
    "not_seated": "You are not seated at this table.",
    "already_seated": "You are already seated at this table.",
    "table_full": "The table is full.",
    "seat_taken": "That seat is taken.",
    "no_seat": "There is no such seat.",
    "not_full": "Not every seat is taken yet.",
    "not_host": "Only the host can do that.",
    "not_started": "The game has not started yet.",
    "already_started": "The game has already started.",
    "deal_running": "The deal is still being played.",
    "match_over": "The match is over.",
    "table_closed": "This table is closed.",
    "old_table_message": "This table message is out of date: the table goes on in its newest message, further down the channel.",
    "stale": "Your hand changed; look again.",
    "table_moved": "The table changed since you clicked (a click already counted?); look at it again.",
    "not_away": "You are not marked away.",
    "bad_option": "That option is not valid: {detail}",
    "unknown_level": "Unknown computer level {level!r}.",
    "bad_action": "That is no action.",
    "kick_self": (
        "You cannot remove yourself: /gaigel leave gives your seat to a computer, /gaigel"
        " end closes the table."
    ),
    "no_finished_deal": "No deal has ended at this table yet: there is nothing to replay.",
    "no_such_deal": "This table has no deal {number}: it has had {deals} so far.",
    "deal_not_over": (
        "Deal {number} is not over: a deal can be replayed only once it has ended (until then"
        " its cards are private)."
    ),
    "match_running": "The match is still being played.",
    "seats_kept": "Waiting for {names}: their seats are kept until they click Play again (or leave).",
}
"""The service's refusals, by code."""


ERRORS: dict[str, str] = {**dict[str, str](ENGINE_MESSAGES.items()), **SERVICE_ERRORS}
"""Every refusal by code: the engine's own English sentences (``engine.errors``, also used by
``python -m engine replay``) and the service's."""


LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "strong": "strong",
}
"""Computer levels as players read them (the level"s code stays the option"s value)."""


SETTINGS_WORDS: dict[str, str] = {
    "preset": "preset",
    "language": "language",
    "suits": "suits",
    "scoring": "scoring",
    "strokes": "strokes",
    "timer": "timer",
    "computer": "computer",
    "points_shown": "points shown",
    "computers_knock": "computers knock",
    "pictures": "pictures",
    "wuerttemberg": "Württemberg",
    "classic": "classic",
    "en": "English",
    "de": "German",
    "german": "German suits",
    "french": "French suits",
    "strokes_kind": "strokes",
    "tokens": "tokens",
    "points": "game points",
    "three": "5/3/1",
    "at_once": "at once",
    "own_turn": "on their own turn",
    "season": "season",
    "none": "none",
    "monthly": "monthly",
    "quarterly": "quarterly",
    "rating": "ratings move after",
    "match": "every match",
    "deal": "every deal",
}
"""Words of the settings line (option names and values)."""
