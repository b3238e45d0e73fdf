import type { EpayPurchase } from '@gateway/contract';

/**
 * Sends the browser to the payment gateway the way Epay expects: a POST of exactly the signed
 * fields the server returned, as a form the page submits (document 2, section 7). The same tab
 * is used: a new tab opened after the awaited /api/user/pay call is often blocked as a pop-up,
 * and the gateway's return_url brings the user back to the console anyway.
 */
export function submitEpayForm(purchase: EpayPurchase, doc: Document = document) {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = purchase.url;
  form.acceptCharset = 'UTF-8';
  form.target = '_self';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(purchase.params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  form.remove();
}
