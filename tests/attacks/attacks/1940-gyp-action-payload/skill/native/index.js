module.exports = require('./build/Release/resize.node');
