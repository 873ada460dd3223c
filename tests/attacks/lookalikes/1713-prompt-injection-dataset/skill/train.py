import json, sys
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict
from sklearn.metrics import classification_report
import joblib

rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
X = [r["text"] for r in rows]; y = [r["label"] for r in rows]
vec = TfidfVectorizer(ngram_range=(1, 2), min_df=1)
Xv = vec.fit_transform(X)
clf = LogisticRegression(max_iter=1000)
print(classification_report(y, cross_val_predict(clf, Xv, y, cv=2)))
clf.fit(Xv, y)
joblib.dump((vec, clf), "model.joblib")
