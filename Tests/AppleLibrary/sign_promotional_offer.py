"""Signs a promotional offer with Apple's own App Store Server Library, as a backend would.

Usage: sign_promotional_offer.py v1 P8_FILE KEY_ID BUNDLE_ID PRODUCT_ID OFFER_ID USERNAME TIMESTAMP_MS
       sign_promotional_offer.py v2 P8_FILE KEY_ID BUNDLE_ID PRODUCT_ID OFFER_ID
  v1: PromotionalOfferSignatureCreator; prints the signature as SKPaymentDiscount holds it, JSON
      {keyIdentifier, nonce, timestamp, signature} (USERNAME may be "").
  v2: PromotionalOfferV2SignatureCreator; prints the compact JWS.
Exits 2 when the arguments are wrong.
"""
import json
import sys
import uuid

from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator


def main(arguments):
    if len(arguments) < 1 or (arguments[0], len(arguments)) not in (("v1", 8), ("v2", 6)):
        print(__doc__, file=sys.stderr)
        return 2
    version, p8_path, key_id, bundle_id, product_id, offer_id = arguments[:6]
    with open(p8_path, "rb") as file:
        key = file.read()
    if version == "v1":
        username, timestamp = arguments[6], int(arguments[7])
        nonce = uuid.uuid4()
        creator = PromotionalOfferSignatureCreator(key, key_id, bundle_id)
        signature = creator.create_signature(product_id, offer_id, username, nonce, timestamp)
        print(json.dumps({"keyIdentifier": key_id, "nonce": str(nonce), "timestamp": timestamp, "signature": signature}))
    else:
        creator = PromotionalOfferV2SignatureCreator(key, key_id, "storefront-tests", bundle_id)
        print(creator.create_signature(product_id, offer_id, None))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
