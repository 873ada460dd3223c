const router = require('express').Router();
const data = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, category: ['a', 'b', 'c'][i % 3] }));
// TODO(candidate): pagination + filtering
router.get('/', (req, res) => res.json({ items: data }));
module.exports = router;
