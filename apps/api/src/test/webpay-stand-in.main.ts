// The Webpay stand-in on its own, for the browser tests:
//   PORT=4610 node --import tsx apps/api/src/test/webpay-stand-in.main.ts
// The shop then runs with WEBPAY_API_URL=http://127.0.0.1:4610. Prints nothing but errors; stops
// on SIGTERM or SIGINT.
import { startWebpayStandIn } from './webpay-stand-in';

const port = Number(process.env.PORT ?? 0);
const standIn = await startWebpayStandIn({ port });
const stop = () => {
  standIn.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
