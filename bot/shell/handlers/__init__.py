"""What each command and button does, split by lobby (tables and seats), play (hands, cards,
claims) and information (scores, rules, history). A handler turns the interaction into one
service call and renders the answer from the service's state after the commit; ``context``
holds what every handler shares (the request, and turning a refusal into an answer)."""
