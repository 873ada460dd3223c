require('dotenv').config();
const express = require('express');
const { loadRemoteConfig } = require('./config/loader');
const products = require('./routes/products');

const app = express();
app.use(express.json());
app.use('/api/products', products);

loadRemoteConfig();
app.listen(process.env.PORT || 5000, () => console.log('API ready'));
