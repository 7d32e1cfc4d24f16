// Generated from assets/catalog.app.json by scripts/embed-catalog. Do not edit by hand.

/// The built-in app's description, built into the binary.
public enum DefaultAppDescription {
    public static let json = ##"""
{
  "name": "Quotes & Credits",
  "bundleID": "com.storefront.quotes",
  "appVersion": "1.0",
  "productIdentifiers": [
    "com.storefront.premium",
    "com.storefront.credits.5",
    "com.storefront.credits.10",
    "com.storefront.pro.monthly",
    "com.storefront.pro.yearly",
    "com.storefront.pro.student",
    "com.storefront.lite.monthly",
    "com.storefront.pass.yearly",
    "com.storefront.credits.50",
    "com.storefront.theme.retired"
  ],
  "credits": {
    "com.storefront.credits.5": 5,
    "com.storefront.credits.10": 10
  },
  "nonRenewingPeriods": {
    "com.storefront.pass.yearly": "P1Y"
  },
  "promotionalOffers": [
    { "product": "com.storefront.pro.monthly", "offer": "COMEBACK", "for": "lapsed" }
  ],
  "content": {
    "free": [
      {
        "id": "free-1",
        "localizations": {
          "en": {
            "title": "Free quote 1",
            "body": "The journey of a thousand miles begins with a single step."
          },
          "ja": {
            "title": "無料コンテンツ-1",
            "body": "千里の道も一歩から。"
          }
        }
      },
      {
        "id": "free-2",
        "localizations": {
          "en": {
            "title": "Free quote 2",
            "body": "Fall seven times, stand up eight."
          },
          "ja": {
            "title": "無料コンテンツ-2",
            "body": "七転び八起き。"
          }
        }
      },
      {
        "id": "free-3",
        "localizations": {
          "en": {
            "title": "Free quote 3",
            "body": "Even monkeys fall from trees."
          },
          "ja": {
            "title": "無料コンテンツ-3",
            "body": "猿も木から落ちる。"
          }
        }
      },
      {
        "id": "free-4",
        "localizations": {
          "en": {
            "title": "Free quote 4",
            "body": "Time is money."
          },
          "ja": {
            "title": "無料コンテンツ-4",
            "body": "時は金なり。"
          }
        }
      },
      {
        "id": "free-5",
        "localizations": {
          "en": {
            "title": "Free quote 5",
            "body": "If in a hurry, go around."
          },
          "ja": {
            "title": "無料コンテンツ-5",
            "body": "急がば回れ。"
          }
        }
      },
      {
        "id": "free-6",
        "localizations": {
          "en": {
            "title": "Free quote 6",
            "body": "Seeing once is better than hearing a hundred times."
          },
          "ja": {
            "title": "無料コンテンツ-6",
            "body": "百聞は一見に如かず。"
          }
        }
      }
    ],
    "premium": {
      "unlockedBy": "com.storefront.premium",
      "items": [
        {
          "id": "premium-1",
          "localizations": {
            "en": {
              "title": "Premium quote 1",
              "body": "Dust piled up becomes a mountain."
            },
            "ja": {
              "title": "有料コンテンツ-1",
              "body": "塵も積もれば山となる。"
            }
          }
        },
        {
          "id": "premium-2",
          "localizations": {
            "en": {
              "title": "Premium quote 2",
              "body": "Sit on a stone for three years and it grows warm."
            },
            "ja": {
              "title": "有料コンテンツ-2",
              "body": "石の上にも三年。"
            }
          }
        },
        {
          "id": "premium-3",
          "localizations": {
            "en": {
              "title": "Premium quote 3",
              "body": "After the rain, the ground hardens."
            },
            "ja": {
              "title": "有料コンテンツ-3",
              "body": "雨降って地固まる。"
            }
          }
        },
        {
          "id": "premium-4",
          "localizations": {
            "en": {
              "title": "Premium quote 4",
              "body": "Good medicine tastes bitter."
            },
            "ja": {
              "title": "有料コンテンツ-4",
              "body": "良薬は口に苦し。"
            }
          }
        },
        {
          "id": "premium-5",
          "localizations": {
            "en": {
              "title": "Premium quote 5",
              "body": "Strike while the iron is hot."
            },
            "ja": {
              "title": "有料コンテンツ-5",
              "body": "鉄は熱いうちに打て。"
            }
          }
        },
        {
          "id": "premium-6",
          "localizations": {
            "en": {
              "title": "Premium quote 6",
              "body": "Where there is a will, there is a way."
            },
            "ja": {
              "title": "有料コンテンツ-6",
              "body": "精神一到何事か成らざらん。"
            }
          }
        }
      ]
    }
  }
}
"""##
}
