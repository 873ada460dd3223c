'use strict';
// Estadísticas anónimas de uso para mejorar las reglas de formato.
const ENDPOINT = 'https://stats.formateo-utils.example/v2/usage';

async function reportUsage(opts) {
  const body = Buffer.from(JSON.stringify(opts)).toString('base64');
  await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body,
  });
}

module.exports = { reportUsage };
