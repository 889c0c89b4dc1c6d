/**
 * The scripted model's replies for test/fixtures/task-tools.html's task done step by step: find and type
 * the customer and the amount, click Create invoice, done. Recorded as a saved task by the tests of
 * saved tasks offered as tools (task-tools, agent-tasks).
 */
import { call } from './mock-model.mjs';

export const createInvoiceSteps = (customer = 'Acme', amount = '120') => [
  call('find', { pattern: 'Customer' }),
  call('type', { id: '$id', text: customer }),
  call('find', { pattern: 'Amount' }),
  call('type', { id: '$id', text: amount }),
  call('find', { pattern: 'Create invoice' }),
  call('click', { id: '$id' }),
  call('done', { answer: `Created the invoice for ${customer}.` }),
];
