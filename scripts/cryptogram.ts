/**
 * Makes a card cryptogram for an order, as the checkout script does in the browser, so an operator or a script can
 * pay from the command line:
 *
 *   node scripts/cryptogram.ts --card 4242424242424242 --order <order from prepare> [--exp 12/30] [--cvv 123]
 *
 * Without `--key` (base64 SPKI) and `--public-id` it encrypts for the built-in test cashier. Then:
 *   POST /v3.0/payments/accounts/orders/create {data: {stuff_id, email, order}, cryptogram}
 */
import { parseArgs } from 'node:util';
import { makeCryptogram } from '../src/shared/payments.ts';
import { TEST_KEY_VERSION, TEST_PUBLIC_ID, TEST_PUBLIC_KEY } from '../src/server/modules/payments/test-cashier.ts';

const { values } = parseArgs({
  options: {
    card: { type: 'string' },
    order: { type: 'string' },
    exp: { type: 'string', default: '12/30' },
    cvv: { type: 'string', default: '123' },
    key: { type: 'string' },
    'public-id': { type: 'string' },
    'key-version': { type: 'string', default: '1' },
  },
});

const number = (values.card ?? '').replace(/\D/g, '');
const [month = '', year = ''] = values.exp.split('/');
if (!/^\d{12,19}$/.test(number) || !/^\d{2}$/.test(month) || !/^\d{2}$/.test(year) || !/^\d{3,4}$/.test(values.cvv)) {
  console.error('usage: node scripts/cryptogram.ts --card 4242424242424242 --order ORDER [--exp MM/YY] [--cvv 123]');
  process.exit(2);
}
const test = !values.key;
if (test && !values.order) {
  console.error('the test cashier needs --order (the `order` of GET /v3.0/payments/accounts/orders/prepare)');
  process.exit(2);
}
const cashier = test
  ? { public_id: TEST_PUBLIC_ID, key: TEST_PUBLIC_KEY, key_version: TEST_KEY_VERSION }
  : { public_id: values['public-id'] ?? '', key: values.key!, key_version: values['key-version'] };
console.log(
  await makeCryptogram(cashier, { number, month, year, cvv: values.cvv, order: test ? values.order : undefined }),
);
