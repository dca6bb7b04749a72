// transbank-sdk is CommonJS: Node's ESM loader sees only its default export.
import transbank from 'transbank-sdk';
import { describe, expect, it } from 'vitest';
import { TRANSBANK } from './payments';

describe("Transbank's constants, written out so that the configuration does not load the SDK", () => {
  it('are the ones transbank-sdk publishes', () => {
    expect(TRANSBANK).toEqual({
      integrationCommerceCode: transbank.IntegrationCommerceCodes.WEBPAY_PLUS,
      integrationApiKey: transbank.IntegrationApiKeys.WEBPAY,
      integrationUrl: transbank.Environment.Integration,
      productionUrl: transbank.Environment.Production,
    });
  });
});
