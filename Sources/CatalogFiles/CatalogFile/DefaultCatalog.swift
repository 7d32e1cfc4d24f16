// Generated from assets/catalog.json by scripts/embed-catalog. Do not edit by hand.

/// The default catalog, built into the binary.
public enum DefaultCatalog {
    public static let json = ##"""
{
  "subscriptionGroups": [
    {
      "id": "pro",
      "name": "Pro",
      "localizations": {
        "en": "Pro",
        "ja": "プロ"
      }
    }
  ],
  "products": [
    {
      "id": "com.storefront.premium",
      "type": "nonConsumable",
      "familyShareable": true,
      "localizations": {
        "en": {
          "title": "Premium Quotes",
          "description": "Unlock six premium quotes. Buy once, keep forever."
        },
        "ja": {
          "title": "プレミアム名言集",
          "description": "有料コンテンツ6件を解放します。一度の購入でずっと使えます。"
        }
      },
      "prices": {
        "USA": 2.99,
        "JPN": 480
      }
    },
    {
      "id": "com.storefront.credits.5",
      "type": "consumable",
      "localizations": {
        "en": {
          "title": "5 Monkey Credits",
          "description": "A pack of 5 credits to spend in the app."
        },
        "ja": {
          "title": "モンキークレジット5個",
          "description": "アプリ内で使えるクレジット5個のパック。"
        }
      },
      "prices": {
        "USA": 0.99,
        "JPN": 160
      }
    },
    {
      "id": "com.storefront.credits.10",
      "type": "consumable",
      "localizations": {
        "en": {
          "title": "10 Monkey Credits",
          "description": "A pack of 10 credits to spend in the app."
        },
        "ja": {
          "title": "モンキークレジット10個",
          "description": "アプリ内で使えるクレジット10個のパック。"
        }
      },
      "prices": {
        "USA": 1.99,
        "JPN": 320
      }
    },
    {
      "id": "com.storefront.pro.monthly",
      "type": "autoRenewable",
      "familyShareable": true,
      "localizations": {
        "en": {
          "title": "Pro Monthly",
          "description": "Every quote, every month. Starts with a one-week free trial."
        },
        "ja": {
          "title": "プロ 月額プラン",
          "description": "すべての名言を毎月。最初の1週間は無料トライアル。"
        }
      },
      "prices": {
        "USA": 4.99,
        "JPN": 800
      },
      "subscription": {
        "period": "P1M",
        "group": "pro",
        "level": 1,
        "introductoryOffer": {
          "paymentMode": "freeTrial",
          "period": "P1W"
        },
        "promotionalOffers": [
          {
            "id": "COMEBACK",
            "paymentMode": "payAsYouGo",
            "period": "P1M",
            "periods": 3,
            "prices": {
              "USA": 2.99,
              "JPN": 480
            }
          }
        ],
        "offerCodes": [
          {
            "id": "FRIENDMONTH",
            "paymentMode": "freeTrial",
            "period": "P1M"
          }
        ]
      }
    },
    {
      "id": "com.storefront.pro.yearly",
      "type": "autoRenewable",
      "familyShareable": true,
      "localizations": {
        "en": {
          "title": "Pro Yearly",
          "description": "Every quote, all year, for the price of ten months."
        },
        "ja": {
          "title": "プロ 年額プラン",
          "description": "すべての名言を1年間。10か月分の価格で。"
        }
      },
      "prices": {
        "USA": 49.99,
        "JPN": 8000
      },
      "subscription": {
        "period": "P1Y",
        "group": "pro",
        "level": 1,
        "offerCodes": [
          {
            "id": "LOYALYEAR",
            "paymentMode": "payUpFront",
            "period": "P1Y",
            "prices": {
              "USA": 24.99,
              "JPN": 4000
            },
            "eligibility": ["existing", "expired"]
          }
        ],
        "billingPlans": [
          {
            "type": "MONTHLY",
            "prices": {
              "USA": 4.49,
              "JPN": 700
            }
          }
        ]
      }
    },
    {
      "id": "com.storefront.pro.student",
      "type": "autoRenewable",
      "localizations": {
        "en": {
          "title": "Pro Student",
          "description": "Every quote, every month, at a student's price."
        },
        "ja": {
          "title": "プロ 学生プラン",
          "description": "すべての名言を毎月、学生価格で。"
        }
      },
      "prices": {
        "USA": 2.49,
        "JPN": 400
      },
      "subscription": {
        "period": "P1M",
        "group": "pro",
        "level": 1
      }
    },
    {
      "id": "com.storefront.lite.monthly",
      "type": "autoRenewable",
      "localizations": {
        "en": {
          "title": "Lite Monthly",
          "description": "Half the quotes, every month, for less."
        },
        "ja": {
          "title": "ライト 月額プラン",
          "description": "名言の半分を毎月、お手頃価格で。"
        }
      },
      "prices": {
        "USA": 1.99,
        "JPN": 320
      },
      "subscription": {
        "period": "P1M",
        "group": "pro",
        "level": 2
      }
    },
    {
      "id": "com.storefront.pass.yearly",
      "type": "nonRenewing",
      "localizations": {
        "en": {
          "title": "One-Year Pass",
          "description": "Twelve months of access. Does not renew."
        },
        "ja": {
          "title": "1年パス",
          "description": "12か月間利用できます。自動更新されません。"
        }
      },
      "prices": {
        "USA": 29.99,
        "JPN": 4800
      },
      "subscription": {
        "period": "P1Y"
      }
    }
  ]
}
"""##
}
