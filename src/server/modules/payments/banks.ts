import type { BankInfo } from '../../../shared/api/payments.ts';

/**
 * The bank lookup's table: the first six digits of cards of the largest Russian issuers, and the test cashier's
 * cards. A prefix not listed is `is_unknown`.
 */
const BANKS: { name: string; color: string; bins: string[] }[] = [
  {
    name: 'Сбербанк',
    color: '#21a038',
    bins: ['427601', '427638', '427644', '427901', '546901', '546938', '220220', '639002'],
  },
  { name: 'Т-Банк', color: '#ffdd2d', bins: ['437773', '521324', '553691', '220070'] },
  { name: 'Альфа-Банк', color: '#ef3124', bins: ['415428', '477964', '548673', '220015'] },
  { name: 'ВТБ', color: '#002882', bins: ['418868', '427229', '220024'] },
  { name: 'Газпромбанк', color: '#0a2896', bins: ['427326', '220001'] },
  { name: 'Райффайзенбанк', color: '#fee600', bins: ['462729', '510070'] },
  {
    name: 'Тестовый банк',
    color: '#6b7cff',
    bins: ['424242', '555555', '220000', '401288', '510510', '400005', '520082', '411111', '540400'],
  },
];

const byBin = new Map(BANKS.flatMap((b) => b.bins.map((bin) => [bin, b] as const)));

export function bankOf(prefix: string): BankInfo {
  const bank = byBin.get(prefix);
  return bank ? { is_unknown: false, color: bank.color, name: bank.name } : { is_unknown: true, color: '', name: '' };
}
