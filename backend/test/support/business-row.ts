/** A `businesses` read-model row for tests that need a business without going through registration. */
export function businessRow(departmentId: string, phone: string) {
  return {
    phone,
    fullName: 'בעלת העסק',
    businessName: `עסק ${departmentId}`,
    email: `${departmentId}@example.co.il`,
    idNumber: '515678902',
    bankName: '12',
    branch: '600',
    accountNumber: '123456',
    beneficiaryName: 'בעלת העסק',
    departmentId,
  };
}
