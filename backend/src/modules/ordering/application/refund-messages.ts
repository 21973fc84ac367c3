/** Shown to the owner: the charge was made through a payment provider this server no longer uses. */
export const REFUND_ELSEWHERE_HE =
  'את התשלום הזה אי אפשר להחזיר דרך ספק התשלומים הנוכחי; יש לבצע את ההחזר ישירות מול חברת הסליקה';
