/** Test helpers of billing. */

/** Sberbank's public requisites (its ИНН, КПП, ОГРН, БИК and correspondent account) and an account keyed to its БИК. */
export const SELLER = {
  name: 'ООО «Среда»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  address: '117312, Москва, ул. Вавилова, д. 19',
  bank: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810938000012345',
  corr_account: '30101810400000000225',
  vat: 'none',
};
