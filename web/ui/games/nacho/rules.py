"""The Nacho Incident's rules in our own words, in the rulebook's order (format: ui/rules.py)."""

from ...rules import Section

RULES: tuple[Section, ...] = (
    Section(
        "goal",
        "The goal",
        (
            "Smuggle food between four Canadian provinces, open cantinas and stay clear of the "
            "Mounties. After 3 rounds of 4 turns, the richest player wins.",
        ),
    ),
    Section(
        "setup",
        "Setting up",
        (
            "The provinces lie in a row: Alberta, Saskatchewan, Ontario, Quebec. Each shows "
            "four foods it wants, with the price it pays for the first of each.",
            "Everyone starts with 10 gold, 2 food cubes in their warehouse, a hand of 8 "
            "smugglers and a cantina in front of them for each province. One player holds the "
            "gemstone.",
        ),
    ),
    Section(
        "choose",
        "Step 1: choose a smuggler",
        (
            "Everyone picks a smuggler from their hand in secret (when you share the phone, "
            "each behind the cover), then all are revealed together.",
            "A smuggler has a flag, a rank from 1 to 9 and a fee. High ranks go early and keep "
            "good cantinas, but cost more and draw the Mounties.",
        ),
        rules=("not-in-hand",),
    ),
    Section(
        "order",
        "Step 2: who goes first",
        (
            "The highest rank plays first, and so on down. On a tie, the gemstone's holder goes "
            "first, then the players after them clockwise.",
            "The first player takes the face-up Mountie and puts it on their cantina of the "
            "Mountie's province.",
        ),
    ),
    Section(
        "smuggle",
        "Step 3: smuggle",
        (
            "Send your smuggler to the province of his flag or a province next to it.",
            "He may deliver one cube from your warehouse to an empty spot for that food there, "
            "and you earn its price. Or he delivers nothing.",
            "Only the first player may take the cube from another player's warehouse instead; "
            "he must deliver it, and gives all his own cubes to that player.",
            "Either way you pay the smuggler's fee.",
        ),
        rules=("reach", "not-in-warehouse", "no-spot", "steal-first-only", "steal-whom"),
    ),
    Section(
        "cantinas",
        "Step 4: cantinas and arrests",
        (
            "Your smuggler opens a cantina where he went: he joins your cantina of that province.",
            "A Mountie on a cantina with smugglers arrests the highest of them; with two "
            "Mounties there, you choose which one arrests. Both leave the game.",
            "Two Mounties alone on a cantina: one gets bored and arrests your highest cantina "
            "keeper anywhere (on a tie, you choose). With no keeper left, he wanders to another "
            "of your cantinas.",
        ),
        rules=("arrest-mountie", "bored-highest", "wander-elsewhere"),
    ),
    Section(
        "round",
        "Step 5: the end of a round",
        (
            "When the Mountie deck of the round runs out:",
            (
                "in each province, the player with the most cantina keepers (by rank) earns its "
                "cantina bonus, and those keepers retire; a tie earns nothing;",
                "every Mountie in front of you costs you its penalty, and stays.",
            ),
            "After the third round the game is over.",
        ),
    ),
    Section(
        "next",
        "Step 6: the next turn",
        (
            "At the end of a round the gemstone goes to the player with the lowest score.",
            "Players may discard smugglers and draw back up to 8. A full province is replaced.",
            "Each player may sell the cube left in their warehouse for 1 gold, then fills it "
            "back up to 2 cubes. A new Mountie is turned face up.",
        ),
        rules=("gem-lowest", "sell-own-cube"),
    ),
    Section(
        "end",
        "The end",
        (
            "After 12 turns the most gold wins. On a tie, the gemstone's holder wins, or the "
            "tied player closest to them counter-clockwise.",
        ),
    ),
)
