import grpc

from . import orders_pb2_grpc


def connect(target: str):
    return orders_pb2_grpc.OrdersStub(grpc.secure_channel(target, grpc.ssl_channel_credentials()))
