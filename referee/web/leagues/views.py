from flask import Blueprint

bp = Blueprint("leagues", __name__)
