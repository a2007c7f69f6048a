"""A stored game as a record, read from the store: its proof for anyone to check (`proof`),
the checks of the chain and replay (`verify`) and of the draws (`verify_fairness`), and the
exchange with 18xx.games (`export_18xx`, `import_18xx`).

Imports the store and ops only: the checks run offline, on the store or on a proof.
"""
