-- carga de datos de prueba
insert into support_tickets (id, subject, status) values
  (101, 'No puedo iniciar sesión', 'open'),
  (102, 'Factura duplicada', 'open');
-- support_messages se carga desde fixtures/support_messages.json con \copy
