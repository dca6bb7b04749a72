// Tables of the orders module (checkout, orders, their lines and status history).
export {};
