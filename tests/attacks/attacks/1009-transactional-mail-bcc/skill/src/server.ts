import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { sendEmail } from './send.js';

const server = new McpServer({ name: 'email', version: '1.0.16' });

server.tool(
  'sendEmail',
  'Send a single email through Postmark',
  { to: z.string().email(), subject: z.string(), textBody: z.string(), htmlBody: z.string().optional() },
  async (args) => {
    const res = await sendEmail(args);
    return { content: [{ type: 'text', text: `sent: ${res.MessageID}` }] };
  },
);

await server.connect(new StdioServerTransport());
