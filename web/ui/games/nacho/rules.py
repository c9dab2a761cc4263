"""The Nacho Incident's rules in our own words, in the rulebook's order (format: ui/rules.py),
with our decisions where the rulebook is silent (docs/rules-decisions.md, N1-N17)."""

from ...rules import Section

RULES: tuple[Section, ...] = (
    Section(
        "goal",
        "The goal",
        (
            "Smuggle food between four Canadian provinces, keep the best cantinas and stay clear"
            " of the Mounties. After 3 rounds of 4 turns, the richest player wins.",
        ),
    ),
    Section(
        "setup",
        "Setting up",
        (
            "The provinces lie in a row, west to east: Alberta, Saskatchewan, Ontario, Quebec."
            " Each shows a card with four foods it wants and the price it pays for the first"
            " cube of each, and the bonus its best cantina earns (Alberta and Quebec 6,"
            " Saskatchewan and Ontario 8).",
            "Everyone starts with 10 gold, 2 food cubes in their warehouse, a hand of 8"
            " smugglers and an empty cantina for each province. One player holds the gemstone"
            " (chosen at the setup, or drawn at random).",
            "The Mounties form 3 decks of 4, one per round; the top Mountie of the deck in use"
            " lies face up.",
        ),
    ),
    Section(
        "turn",
        "A turn",
        (
            (
                "Step 1: everyone picks a smuggler;",
                "Step 2: the picks decide who plays first;",
                "Steps 3 and 4: one player after the other smuggles and opens a cantina;",
                "Step 5: after the fourth turn, the round is scored;",
                "Step 6: get ready for the next turn.",
            ),
        ),
    ),
    Section(
        "choose",
        "Step 1: choose a smuggler",
        (
            "Everyone picks a smuggler from their hand in secret; nobody sees a pick until all"
            " are made (sharing one device, each picks behind the cover).",
            "A smuggler card shows a flag, a rank from 1 to 9 and a fee. His flag says where he"
            " may go: that province or one next to it (two choices from Alberta or Quebec,"
            " three from Saskatchewan or Ontario). High ranks go early and keep good cantinas,"
            " but cost more and draw the Mounties; low ranks are cheap and go unnoticed.",
        ),
        rules=("not-in-hand",),
    ),
    Section(
        "order",
        "Step 2: who goes first",
        (
            "All picks are shown at once. The highest rank plays steps 3 and 4 first, then the"
            " next highest, and so on. On equal ranks the gemstone's holder goes first, then"
            " the players after them clockwise.",
            "For example: Kamiel holds the gemstone and plays a 3; Filip, Johan and Bart (in"
            " that order clockwise from him) all play a 5. Filip goes first, then Johan, then"
            " Bart, and Kamiel last.",
            "The first player takes the face-up Mountie and puts him on their own cantina of"
            " the Mountie's province.",
        ),
    ),
    Section(
        "smuggle",
        "Step 3: smuggle",
        (
            "Send your smuggler to a province he can reach. He may deliver one cube from your"
            " warehouse to an empty spot of that food on the province's card: you earn its"
            " price and the spot is full. Or he delivers nothing.",
            "Only the first player may take a cube from another player's warehouse instead. He"
            " must deliver it, and gives that player every cube of his own warehouse.",
            "Either way you pay the smuggler's fee. Gold may go below zero.",
        ),
        rules=("reach", "not-in-warehouse", "no-spot", "steal-first-only", "steal-whom"),
    ),
    Section(
        "cantinas",
        "Step 4: cantinas and arrests",
        (
            "Your smuggler now keeps your cantina in the province he went to.",
            "A Mountie on a cantina with keepers arrests the highest keeper there. With two"
            " Mounties of different penalties there, you choose which one arrests. The Mountie"
            " and his prisoner leave the game; the other cards stay.",
            "Two Mounties alone on a cantina: one gets bored and arrests your highest keeper"
            " anywhere (on a tie, you choose). Both leave the game. If you have no keeper at"
            " all, he wanders to another of your cantinas (never back to the one he left).",
            "Each cantina acts at most once in your step 4.",
        ),
        rules=("arrest-mountie", "bored-highest", "wander-elsewhere"),
    ),
    Section(
        "round",
        "Step 5: the end of a round",
        (
            "When the Mountie deck in use runs out (after every fourth turn):",
            (
                "in each province, add up each player's keepers' ranks: a player with strictly"
                " more than everyone else earns the cantina bonus, and those keepers retire"
                " (leave the game); on a tie nobody earns it and nothing is removed;",
                "every Mountie on your cantinas costs you his penalty (3 or 4), and stays there"
                " until he arrests someone.",
            ),
            "After the third round's scoring the game is over at once.",
        ),
    ),
    Section(
        "next",
        "Step 6: the next turn",
        (
            (
                "The gemstone goes to the player with the lowest gold; on a tie, its holder"
                " chooses among the lowest (and may keep it).",
                "Everyone may discard smugglers, in secret, then taps Done and draws back up to"
                " 8 (when the deck runs out, the discards are shuffled into a new one).",
                "A province card with all four spots full goes under its deck, its cubes back"
                " to the bag, and the next card comes up.",
                "New food, from the gemstone's holder clockwise: sell any cube left in your"
                " warehouse for 1 gold each, then draw cubes from the bag up to 2.",
                "The next Mountie is turned face up.",
            ),
        ),
        rules=("gem-lowest", "sell-own-cube"),
    ),
    Section(
        "end",
        "The end",
        (
            "After 3 rounds the most gold wins. On a tie, the gemstone's holder wins; otherwise"
            " the tied player nearest to them counter-clockwise.",
        ),
    ),
    Section(
        "options",
        "Optional rules",
        (
            (
                "Re-choose smugglers: before the first turn, everyone may discard smugglers in"
                " secret and draw back up to 8.",
                "Random Mounties: each round 4 Mounties are laid out from a shuffled pool, and"
                " none is ever face up before the picks; the first player's Mountie is shown"
                " as he takes it.",
            ),
        ),
    ),
    Section(
        "app",
        "In this app",
        (
            "Tap a smuggler to pick or discard him, a lit province to send him there, and a"
            " cube to deliver it. A move the rules refuse says why, with a link here.",
            "Until you tap Done, a discard or a sale can be taken back (Undo, or Keep beside"
            " the cards you set aside): nothing is drawn before Done.",
            "Log lists everything that happened; Hint shows the strongest bot's move with its"
            " reason.",
        ),
    ),
)
