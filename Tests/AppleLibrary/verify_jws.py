"""Checks a JWS storefront signed with Apple's own App Store Server Library, as a backend would.

Usage: verify_jws.py ROOT_DER KIND BUNDLE_ID JWS_FILE
  KIND: transaction, renewal or app (an app transaction).
Prints the decoded payload as JSON and exits 0 when the library accepts it; otherwise prints
the library's VerificationStatus name and exits 1 (2: the arguments are wrong).
"""
import json
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.LibraryUtility import _get_cattrs_converter
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def main(arguments):
    if len(arguments) != 4 or arguments[1] not in ("transaction", "renewal", "app"):
        print(__doc__, file=sys.stderr)
        return 2
    root_path, kind, bundle_id, jws_path = arguments
    with open(root_path, "rb") as file:
        root = file.read()
    with open(jws_path, "r", encoding="utf-8") as file:
        jws = file.read().strip()
    verifier = SignedDataVerifier(root_certificates=[root], enable_online_checks=False,
                                  environment=Environment.SANDBOX, bundle_id=bundle_id)
    decode = {
        "transaction": verifier.verify_and_decode_signed_transaction,
        "renewal": verifier.verify_and_decode_renewal_info,
        "app": verifier.verify_and_decode_app_transaction,
    }[kind]
    try:
        decoded = decode(jws)
    except VerificationException as error:
        print(error.status.name)
        return 1
    payload = _get_cattrs_converter(type(decoded)).unstructure(decoded)
    print(json.dumps(payload, sort_keys=True, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
