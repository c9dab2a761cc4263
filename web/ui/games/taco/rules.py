"""Crazy Taco's rules in our own words, in the rulebook's order (format: ui/rules.py)."""

from ...rules import Section

RULES: tuple[Section, ...] = (
    Section(
        "goal",
        "The goal",
        (
            "You run a taco truck. Serve the whole deck of customers before your popularity "
            "drops to nothing, and you win. In 1 vs 1 another player sends the customers.",
        ),
    ),
    Section(
        "dice",
        "Your crew: the dice",
        (
            "The manager, three employees and a trainee are dice. Faces: money (collect "
            "payment, pay for bonuses and cleaning), food, drink, blank, and, for employees, "
            "rest.",
            "A blank face counts as food or drink only next to a die showing that food or "
            "drink; alone it is worth nothing.",
        ),
        rules=("blank-needs-company", "die-not-available"),
    ),
    Section(
        "customers",
        "Phase 1: customers arrive",
        (
            "Each turn a customer card enters the counter from the left and the line moves "
            "towards the exit. Past the counter a customer waits in the patience zone; pushed "
            "out of it, they leave angry and you lose a popularity star.",
            "A card's computer may say TASK (a task card goes to the storeroom door), OPEN "
            "(another customer enters) or show a penalty.",
        ),
    ),
    Section(
        "serve",
        "Phase 2: roll and place the dice",
        (
            "Roll every die that is free, and use each die once:",
            (
                "serve an order in full, never part of it;",
                "collect its payment with one money die;",
                "or both at once: the customer leaves and the money goes into the register;",
                "keep dice for a later turn, or pay to re-roll some ($3; $8 in 1 vs 1, unless "
                "the setup chose the printed $3).",
            ),
            "Money reaches the register only when an order is both served and paid.",
        ),
        rules=(
            "serve-in-full",
            "collect-needs-money",
            "already-served",
            "already-paid",
            "no-customer",
            "not-a-customer",
            "prepaid",
            "reroll-cash",
        ),
    ),
    Section(
        "tasks",
        "Tasks",
        (
            "A task on the storeroom door needs the die its card names; card and die then wait "
            "in the task zone for the card's turns.",
            "A new task arriving while one is still on the door triggers the old one's penalty "
            "and replaces it.",
        ),
        rules=("no-task", "task-die"),
    ),
    Section(
        "bonus",
        "Bonus cards",
        (
            "Cleaning cards, free time, the meal voucher and the staff-room key come with the "
            "customers. Take one with the die it asks for, into the bonus zone while it has "
            "room; one left to leave the line costs its penalty.",
            "The meal voucher completes an order without money; the staff-room key, activated "
            "with a money die, closes the rest room.",
        ),
        rules=(
            "not-a-bonus",
            "bonus-zone-full",
            "bonus-die",
            "no-voucher",
            "no-key",
            "key-die",
            "no-pinata",
            "pinata-die",
        ),
    ),
    Section(
        "characters",
        "Characters, inspections and extras",
        (
            "The VIP must be served before reaching the patience zone (a star won, or two "
            "lost). The pickpocket must be served before you collect from him, or he slips "
            "back into the deck.",
            "An inspection fines you for resting crew, for no rest at all, or for cleaning "
            "cards in play; unpaid fines lock the trainee.",
            "An extra can be bought for its price and helps your dice; you hold one at a time.",
        ),
        rules=("pickpocket-serve-first", "no-offer", "extra-cash", "extra-pending"),
    ),
    Section(
        "menu",
        "The menu",
        (
            "Exact dice faces (never blank stand-ins) buy menu specials: clear the counter, "
            "turn food or drinks into money, bring crew back from the rest room, turn dice to "
            "chosen faces, or win a star back.",
            "The dishes keep the rulebook's Spanish names, each with its meaning: Taco "
            "especial (the special taco), Vulcano (volcano: ice and fire), La Plata (silver: "
            "the triple burrito), Loreto's Mole (Loreto's mole sauce), Achilipú (a cheer: "
            "hooray!), Nachos Pico-Pica (spicy nachos). Phase 3's lines are Campaña de "
            "publicidad (advertising campaign) and Hora extra (extra hour); Relanzamiento de "
            "dados is the paid re-roll.",
        ),
        rules=(
            "menu-dice",
            "menu-no-customers",
            "plata-recovers",
            "not-resting",
            "not-wild",
            "achilipu-turn-first",
        ),
    ),
    Section(
        "manage",
        "Phase 3: manage",
        (
            "Timers move on, crew in the rest room come back a space at a time, and the line "
            "closes up.",
            "Spend money on overtime (twice a game, to bring back a resting die), an "
            "advertising campaign (a star), or your fines.",
        ),
        rules=(
            "not-now",
            "overtime-cash",
            "overtime-limit",
            "advertise-cash",
            "popularity-max",
            "fine-cash",
            "no-fine",
        ),
    ),
    Section(
        "versus",
        "1 vs 1",
        (
            "The customer player holds five cards and plays one at the start of each turn, or "
            "gives up the turn to swap three. After a +OPEN or TASK play, neither may be "
            "played this turn or the next.",
            "The customer player wins by ruining the truck's popularity; the manager by "
            "surviving the deck.",
            "The manager's paid re-roll costs $8 in 1 vs 1, not the printed $3: at $3 the "
            "manager undoes a resting die for less than one order pays and wins two games in "
            "three between equal players. The setup's Re-roll price offers the printed $3.",
        ),
        rules=(
            "customer-turn",
            "not-your-cards",
            "not-in-hand",
            "open-task-repeat",
            "follow-up-first",
            "needs-follow-up",
            "discard-limit",
            "deck-too-small",
        ),
    ),
)
