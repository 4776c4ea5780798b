/**
 * The lines a restatement preview calculates. Stored activity data does not exist yet (the preview
 * API takes lines in the request), so the preview uses this fixed, representative sample, shown on
 * the screen line by line: lines that move with the GWP set (a refrigerant blend, SF6), with the
 * SHK fuel set (city gas: the FY2024 set is per m³ at 25 °C, the legacy one per Nm³, so a switch
 * shows the unit refusal rather than a silent number), with supplier electricity factors and
 * certificates, with DESNZ freight and the supply-chain database.
 */
export const SAMPLE_LINES = [
  {
    "id": "city-gas",
    "formulaId": "s1.fuel",
    "inputs": {
      "fuel": "都市ガス",
      "amount": {
        "value": 120,
        "unit": "千m3"
      },
      "emissionIntensity": "jp-shk:fuel.cityGas"
    }
  },
  {
    "id": "aircon-leak",
    "formulaId": "s1.refrigerant",
    "inputs": {
      "equipment": "packaged air conditioner",
      "refrigerant": "R-410A",
      "charge": 24,
      "leakRate": 3
    }
  },
  {
    "id": "switchgear-sf6",
    "formulaId": "s1.gas",
    "inputs": {
      "ghgType": "SF6",
      "gas": "SF6",
      "amount": {
        "value": 0.8,
        "unit": "kg"
      }
    }
  },
  {
    "id": "power-market",
    "formulaId": "s2.market",
    "inputs": {
      "energyType": "electricity",
      "supplier": "四国電力 メニューC",
      "amount": {
        "value": 120,
        "unit": "千kWh"
      },
      "certificates": {
        "value": 30,
        "unit": "MWh"
      },
      "emissionIntensity": "jp-shk-electricity-suppliers:shikoku.menuC"
    }
  },
  {
    "id": "inbound-truck",
    "formulaId": "s3.4.tonkm",
    "inputs": {
      "cargo": "steel coils",
      "weight": {
        "value": 18,
        "unit": "t"
      },
      "distance": 412,
      "distanceAdjustment": "road",
      "emissionIntensity": "uk-desnz:freight.hgv.allDiesel.averageLaden"
    }
  },
  {
    "id": "commute-rail",
    "formulaId": "s3.7.distance",
    "inputs": {
      "mode": "rail",
      "employees": 180,
      "distance": 14,
      "businessDays": 242
    }
  }
] as const;
