"""Reads an App Store receipt's transaction id with Apple's app-store-server-library.

Usage: receipt_transaction_id.py [FILE]  (the receipt's base64; stdin without FILE)

Prints the transaction id ReceiptUtility finds (an empty line when the receipt lists no
in-app purchase) and exits 0; exits 1 with the library's complaint when it cannot read it.
"""
import sys

from appstoreserverlibrary.receipt_utility import ReceiptUtility


def main() -> int:
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    try:
        transaction_id = ReceiptUtility().extract_transaction_id_from_app_receipt(text.strip())
    except ValueError as error:
        print(f"ReceiptUtility could not read the receipt: {error!r}", file=sys.stderr)
        return 1
    print(transaction_id or "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
