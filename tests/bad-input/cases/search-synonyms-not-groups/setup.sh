# A synonym group of one word: nothing to be a synonym of.
python3 - <<'PY'
import json
with open("templates/strings.json", encoding="utf-8") as f:
    strings = json.load(f)
strings["en"]["search_synonyms"] = [["beginner", "novice"], ["hobbyist"]]
with open("templates/strings.json", "w", encoding="utf-8") as f:
    json.dump(strings, f, ensure_ascii=False)
PY
