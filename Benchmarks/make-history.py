#!/usr/bin/env python3
"""Writes a store.json (the format storefront kept its records in before store.sqlite)
holding N finished purchases of a consumable, a second apart, with the store's latency
set to 0. storefront migrates it into store.sqlite the first time it opens the directory.

  make-history.py DATA_DIR/store.json N [PRODUCT_ID]
"""
import datetime
import json
import os
import sys


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    product = sys.argv[3] if len(sys.argv) > 3 else "com.storefront.credits.5"
    first = 1_000_000_001
    start = datetime.datetime(2023, 11, 14, 22, 13, 20, tzinfo=datetime.timezone.utc)
    transactions = [
        {"id": str(first + i), "productID": product, "quantity": 1, "state": "purchased",
         "date": (start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"), "finished": True}
        for i in range(count)
    ]
    records = {"version": 1, "settings": {"latencyMilliseconds": 0}, "transactions": transactions,
               "nextTransactionNumber": first + count}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(records, f)


if __name__ == "__main__":
    main()
